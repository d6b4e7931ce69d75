import { InputTextarea, type InputTextareaProps } from 'primereact/inputtextarea';
import type { ReactNode } from 'react';
import { fieldA11y, FormField } from './form-field.tsx';

/** A labelled multi-line text input with its message, growing with its text unless told otherwise. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  testId,
  rows = 3,
  autoResize = true,
  after,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
  rows?: number;
  autoResize?: boolean;
  /** shown under the input inside the field (e.g. the variables helper) */
  after?: ReactNode;
} & Pick<InputTextareaProps, 'autoFocus' | 'maxLength' | 'placeholder' | 'disabled' | 'className'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <InputTextarea
        {...fieldA11y(id, error)}
        {...input}
        rows={rows}
        autoResize={autoResize}
        invalid={Boolean(error)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      {after}
    </FormField>
  );
}
