import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The ids an input needs to point at its error text. */
export const fieldA11y = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** A labelled form row with its validation message; `error` is an i18n key or a server message. */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <small id={`${id}-error`} className="form-field__error" role="alert">
          {t(error, { defaultValue: error })}
        </small>
      ) : hint ? (
        <small className="form-field__hint">{hint}</small>
      ) : null}
    </div>
  );
}
