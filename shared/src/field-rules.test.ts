import { describe, expect, it } from 'vitest';
import { loginBody, signupBody } from './contracts/auth.ts';
import { isEmailAddress } from './field-rules.ts';

describe('the zod-free e-mail rule', () => {
  const samples = [
    'ana@example.com',
    ' ANA@Example.COM ',
    'a.b+c@sub.example.co',
    "o'hara@example.ie",
    'a@b.co',
    '',
    'nope',
    'ana@',
    '@example.com',
    'ana@example',
    'ana@@example.com',
    '.ana@example.com',
    'ana..b@example.com',
    'ana@-example.com',
    'ana example@example.com',
    // 254 and 255 characters
    `${'a'.repeat(242)}@example.com`,
    `${'a'.repeat(243)}@example.com`,
  ];

  it.each(samples)('answers like the contracts for %j', (value) => {
    expect(isEmailAddress(value)).toBe(loginBody.shape.email.safeParse(value).success);
    expect(isEmailAddress(value)).toBe(signupBody.shape.email.safeParse(value).success);
  });
});
