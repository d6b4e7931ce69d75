import { PASSWORD_TOO_SHORT } from '@switchboard/shared/field-rules';
import type { ApiError } from '../../../lib/api-error.ts';

/**
 * What every public form shares, without zod (the sign-in page loads this before any schema): an error value is
 * an i18n key, or the server's own message when it sent one we have no key for.
 */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const messageKeys: Record<string, string> = {
  'Too Short!': 'validation.tooShort',
  [PASSWORD_TOO_SHORT]: 'validation.passwordTooShort',
  'Too Long!': 'validation.tooLong',
  'Email inválido': 'validation.emailInvalid',
  'Invalid email': 'validation.invalidEmail',
  Obrigatório: 'validation.required',
  Required: 'validation.requiredEn',
  'Campo obligatorio': 'validation.fieldRequired',
  'Las contraseñas no coinciden': 'validation.passwordsMismatch',
};

export const messageKey = (message: string): string => messageKeys[message] ?? message;

export const isBlank = (value: string) => value.trim() === '';

export const hasErrors = (errors: FieldErrors<string>): boolean => Object.values(errors).some(Boolean);

/** The field errors of a 400 answer, for the fields this form has. */
export const serverFieldErrors = <F extends string>(error: ApiError, fields: readonly F[]): FieldErrors<F> => {
  const out: FieldErrors<F> = {};
  for (const { path, message } of error.body.fields ?? []) {
    const field = fields.find((f) => path === f || path.startsWith(`${f}.`));
    if (field && !out[field]) out[field] = messageKey(message);
  }
  return out;
};
