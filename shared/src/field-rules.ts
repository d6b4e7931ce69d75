/**
 * Field rules the web app checks without loading zod: the sign-in page ships before any schema. The contracts
 * apply the same rules with zod; a test holds the two to the same answers.
 */
import { regexes } from 'zod/v4/core';

/** Shortest password a user may set (OWASP's minimum for passwords without a second factor); older ones still sign in. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = 'At least 8 characters';
/** Longest password a user may set. */
export const PASSWORD_MAX_LENGTH = 50;

export const EMAIL_MAX_LENGTH = 254;

/** Whether an e-mail field passes the contracts' e-mail rule: trimmed and lower-cased, zod's e-mail pattern, 254 characters at most. */
export const isEmailAddress = (value: string): boolean => {
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && regexes.email.test(email);
};
