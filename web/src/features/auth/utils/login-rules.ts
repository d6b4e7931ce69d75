import { isEmailAddress } from '@switchboard/shared/field-rules';
import { isBlank, type FieldErrors } from './form-errors.ts';

/** The sign-in form's rules: both fields required ('Obrigatório'), and an address the login contract accepts. */
export interface LoginValues {
  email: string;
  password: string;
}

export const validateLogin = (v: LoginValues): FieldErrors<keyof LoginValues> => ({
  email: isBlank(v.email) ? 'validation.required' : isEmailAddress(v.email) ? undefined : 'validation.emailInvalid',
  password: v.password === '' ? 'validation.required' : undefined,
});
