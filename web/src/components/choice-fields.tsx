/**
 * The form rows beside TextField and TextAreaField that PrimeReact draws with other inputs: a list to pick from, a
 * number and a check box. Each takes the same wiring (`id`, `value`, `onChange`, `error`, `testId`), so a dialog
 * can hand them what `bindField` (field-binding.ts) makes.
 */
import { Checkbox } from 'primereact/checkbox';
import { Dropdown, type DropdownProps } from 'primereact/dropdown';
import { InputNumber, type InputNumberProps } from 'primereact/inputnumber';
import { FormField } from './form-field.tsx';

interface Wiring<T> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  value: T;
  onChange: (value: T) => void;
  testId?: string;
}

/** A labelled drop-down list; `options` as PrimeReact reads them (`{ label, value }` unless told otherwise). */
export function DropdownField<T>({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  testId,
  ...input
}: Wiring<T> &
  Pick<
    DropdownProps,
    | 'options'
    | 'optionLabel'
    | 'optionValue'
    | 'placeholder'
    | 'disabled'
    | 'showClear'
    | 'filter'
    | 'className'
    | 'itemTemplate'
    | 'valueTemplate'
    | 'emptyMessage'
    | 'appendTo'
  >) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Dropdown
        {...input}
        inputId={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        invalid={Boolean(error)}
        value={value}
        onChange={(e) => onChange(e.value as T)}
        data-testid={testId}
      />
    </FormField>
  );
}

/** A labelled whole number; an emptied input reads as `fallback` (null when none is given). */
export function NumberField<T extends number | null = number>({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  testId,
  fallback,
  ...input
}: Wiring<T> & { fallback?: T } & Pick<
    InputNumberProps,
    | 'min'
    | 'max'
    | 'showButtons'
    | 'useGrouping'
    | 'suffix'
    | 'disabled'
    | 'className'
    | 'placeholder'
    | 'minFractionDigits'
    | 'maxFractionDigits'
    | 'step'
    | 'mode'
  >) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <InputNumber
        {...input}
        inputId={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        invalid={Boolean(error)}
        value={value}
        onValueChange={(e) => onChange((e.value ?? fallback ?? null) as T)}
        data-testid={testId}
      />
    </FormField>
  );
}

/** A check box with its label after it, in the row class of its form (`className`). */
export function CheckField({
  id,
  label,
  value,
  onChange,
  testId,
  className,
  disabled,
}: Omit<Wiring<boolean>, 'error' | 'hint'> & { className?: string; disabled?: boolean }) {
  return (
    <div className={className}>
      <Checkbox
        inputId={id}
        checked={value}
        disabled={disabled}
        onChange={(e) => onChange(Boolean(e.checked))}
        data-testid={testId}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
