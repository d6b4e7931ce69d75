import { forgotPasswordParams, loginBody, resetPasswordBody, signupBody } from '@switchboard/shared/contracts/auth';
import { PASSWORD_TOO_SHORT } from '@switchboard/shared/contracts/common';
import type { z } from 'zod';
import type { ApiError } from '../../../lib/api-error.ts';

/**
 * Form rules of the public pages (spec document 1, section 5). Length and format rules come from the shared
 * zod schemas, whose messages are the spec's texts; each is mapped to the i18n key holding that text. An
 * error value is an i18n key, or the server's own message when it sent one we have no key for.
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

const firstIssue = (schema: z.ZodType, value: unknown): string | undefined => {
  const result = schema.safeParse(value);
  return result.success ? undefined : messageKey(result.error.issues[0]?.message ?? 'Obrigatório');
};

const blank = (value: string) => value.trim() === '';

export const hasErrors = (errors: FieldErrors<string>): boolean => Object.values(errors).some(Boolean);

export interface LoginValues {
  email: string;
  password: string;
}

export const validateLogin = (v: LoginValues): FieldErrors<keyof LoginValues> => ({
  email: blank(v.email) ? 'validation.required' : firstIssue(loginBody.shape.email, v.email),
  password: v.password === '' ? 'validation.required' : undefined,
});

export interface SignupValues {
  name: string;
  companyName: string;
  email: string;
  phone: string;
  password: string;
  planId: number | null;
}
export type SignupField = keyof SignupValues;

/** Every field is required ('Obrigatório'); then the shared schema's length and e-mail rules apply. */
export const validateSignup = (v: SignupValues): FieldErrors<SignupField> => {
  const text = (field: 'name' | 'companyName' | 'email' | 'phone' | 'password') =>
    blank(v[field]) ? 'validation.required' : firstIssue(signupBody.shape[field], v[field]);
  return {
    name: text('name'),
    companyName: text('companyName'),
    email: text('email'),
    phone: text('phone'),
    password: text('password'),
    planId: v.planId == null ? 'validation.required' : firstIssue(signupBody.shape.planId, v.planId),
  };
};

/** First step of the reset: the address ('Required', 'Invalid email'). */
export const validateResetRequest = (email: string): FieldErrors<'email'> => ({
  email: blank(email) ? 'validation.requiredEn' : firstIssue(forgotPasswordParams.shape.email, email),
});

export interface NewPasswordValues {
  password: string;
  confirmation: string;
}

/** Second step: both fields required ('Campo obligatorio') and equal ('Las contraseñas no coinciden'). */
export const validateNewPassword = (v: NewPasswordValues): FieldErrors<keyof NewPasswordValues> => ({
  password: v.password === '' ? 'validation.fieldRequired' : firstIssue(resetPasswordBody.shape.newPassword, v.password),
  confirmation:
    v.confirmation === ''
      ? 'validation.fieldRequired'
      : v.password !== '' && v.confirmation !== v.password
        ? 'validation.passwordsMismatch'
        : undefined,
});

/** The field errors of a 400 answer, for the fields this form has. */
export const serverFieldErrors = <F extends string>(error: ApiError, fields: readonly F[]): FieldErrors<F> => {
  const out: FieldErrors<F> = {};
  for (const { path, message } of error.body.fields ?? []) {
    const field = fields.find((f) => path === f || path.startsWith(`${f}.`));
    if (field && !out[field]) out[field] = messageKey(message);
  }
  return out;
};
