/** Apart from form-field.tsx: the sign-in page uses FormField and must not download PrimeReact's InputText. */
import { InputText, type InputTextProps } from 'primereact/inputtext';
import { fieldA11y, FormField } from './form-field.tsx';

/** A labelled one-line text input with its message: the most common row of a form. */
export function TextField({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  testId,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
} & Pick<InputTextProps, 'autoFocus' | 'autoComplete' | 'type' | 'inputMode' | 'maxLength' | 'placeholder' | 'disabled'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <InputText
        {...fieldA11y(id, error)}
        autoComplete="off"
        {...input}
        invalid={Boolean(error)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </FormField>
  );
}
