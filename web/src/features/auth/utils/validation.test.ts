import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import {
  serverFieldErrors,
  validateLogin,
  validateNewPassword,
  validateResetRequest,
  validateSignup,
  type SignupValues,
} from './validation.ts';

const valid: SignupValues = {
  name: 'Ana Souza',
  companyName: 'Acme',
  email: 'ana@example.com',
  phone: '+55 11 91234-5678',
  password: 'secret12',
  planId: 2,
};

const only = (errors: Record<string, string | undefined>) => Object.fromEntries(Object.entries(errors).filter(([, v]) => v));

describe('signup rules', () => {
  it('accepts a complete form', () => {
    expect(only(validateSignup(valid))).toEqual({});
  });

  it("requires every field with 'Obrigatório'", () => {
    expect(only(validateSignup({ name: ' ', companyName: '', email: '', phone: '', password: '', planId: null }))).toEqual({
      name: 'validation.required',
      companyName: 'validation.required',
      email: 'validation.required',
      phone: 'validation.required',
      password: 'validation.required',
      planId: 'validation.required',
    });
  });

  it("limits name and company to 2..50 characters ('Too Short!', 'Too Long!')", () => {
    expect(validateSignup({ ...valid, name: 'A' }).name).toBe('validation.tooShort');
    expect(validateSignup({ ...valid, name: 'A'.repeat(51) }).name).toBe('validation.tooLong');
    expect(validateSignup({ ...valid, name: 'A'.repeat(50) }).name).toBeUndefined();
    expect(validateSignup({ ...valid, companyName: 'B' }).companyName).toBe('validation.tooShort');
  });

  it('limits a new password to 8..50 characters', () => {
    expect(validateSignup({ ...valid, password: '1234567' }).password).toBe('validation.passwordTooShort');
    expect(validateSignup({ ...valid, password: '12345678' }).password).toBeUndefined();
    expect(validateSignup({ ...valid, password: 'x'.repeat(51) }).password).toBe('validation.tooLong');
  });

  it("rejects a malformed e-mail with 'Email inválido'", () => {
    expect(validateSignup({ ...valid, email: 'ana@' }).email).toBe('validation.emailInvalid');
    expect(validateSignup({ ...valid, email: ' ANA@Example.com ' }).email).toBeUndefined();
  });
});

describe('login rules', () => {
  it('requires both fields and a well-formed e-mail', () => {
    expect(only(validateLogin({ email: '', password: '' }))).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
    expect(validateLogin({ email: 'nope', password: 'x' }).email).toBe('validation.emailInvalid');
    expect(only(validateLogin({ email: 'a@b.co', password: 'x' }))).toEqual({});
  });
});

describe('password reset rules', () => {
  it("asks for the address with 'Required' and 'Invalid email'", () => {
    expect(validateResetRequest('').email).toBe('validation.requiredEn');
    expect(validateResetRequest('a@').email).toBe('validation.invalidEmail');
    expect(validateResetRequest('a@b.co').email).toBeUndefined();
  });

  it("requires both new-password fields with 'Campo obligatorio'", () => {
    expect(only(validateNewPassword({ password: '', confirmation: '' }))).toEqual({
      password: 'validation.fieldRequired',
      confirmation: 'validation.fieldRequired',
    });
  });

  it("requires the confirmation to match with 'Las contraseñas no coinciden'", () => {
    expect(validateNewPassword({ password: 'secret12', confirmation: 'secret21' }).confirmation).toBe(
      'validation.passwordsMismatch',
    );
    expect(only(validateNewPassword({ password: 'secret12', confirmation: 'secret12' }))).toEqual({});
  });
});

describe('server field errors', () => {
  it('maps the fields of a 400 answer onto the form, translating known messages', () => {
    const error = new ApiError(400, {
      error: 'ERR_VALIDATION',
      fields: [
        { path: 'email', message: 'Email inválido' },
        { path: 'phone', message: 'Something else' },
        { path: 'unknownField', message: 'x' },
      ],
    });
    expect(serverFieldErrors(error, ['email', 'phone', 'name'] as const)).toEqual({
      email: 'validation.emailInvalid',
      phone: 'Something else',
    });
  });
});
