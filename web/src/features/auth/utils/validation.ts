import { forgotPasswordParams, resetPasswordBody, signupBody } from '@switchboard/shared/contracts/auth';
import type { z } from 'zod';
import { isBlank as blank, messageKey, type FieldErrors } from './form-errors.ts';

/**
 * Form rules of the public pages (spec document 1, section 5). Length and format rules come from the shared
 * zod schemas, whose messages are the spec's texts; each is mapped to the i18n key holding that text. An
 * error value is an i18n key, or the server's own message when it sent one we have no key for. The sign-in
 * form's rules live in login-rules.ts, without zod.
 */
export { hasErrors, messageKey, serverFieldErrors, type FieldErrors } from './form-errors.ts';
export { validateLogin, type LoginValues } from './login-rules.ts';

const firstIssue = (schema: z.ZodType, value: unknown): string | undefined => {
  const result = schema.safeParse(value);
  return result.success ? undefined : messageKey(result.error.issues[0]?.message ?? 'Obrigatório');
};

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
