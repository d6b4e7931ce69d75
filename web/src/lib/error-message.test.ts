import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { errorCodeOf, errorMessage } from './error-message.ts';

const texts: Record<string, string> = {
  'errors.ERR_INVALID_CREDENTIALS': 'Wrong e-mail or password.',
  'errors.generic': 'An error occurred!',
};
const translator = { t: (key: string) => texts[key] ?? key, exists: (key: string) => key in texts };

describe('error toast text', () => {
  it('is the translation of the code when one exists', () => {
    expect(errorMessage(new ApiError(401, { error: 'ERR_INVALID_CREDENTIALS' }), translator)).toBe('Wrong e-mail or password.');
    expect(errorMessage('ERR_INVALID_CREDENTIALS', translator)).toBe('Wrong e-mail or password.');
  });

  it('is the raw code when there is no translation', () => {
    expect(errorMessage(new ApiError(418, { error: 'ERR_SOMETHING_NEW' }), translator)).toBe('ERR_SOMETHING_NEW');
    expect(errorMessage({ error: 'ERR_OTHER' }, translator)).toBe('ERR_OTHER');
  });

  it("is 'An error occurred!' without a code", () => {
    expect(errorMessage(new ApiError(500, {}), translator)).toBe('An error occurred!');
    expect(errorMessage(new Error('boom'), translator)).toBe('An error occurred!');
    expect(errorMessage(undefined, translator)).toBe('An error occurred!');
    expect(errorCodeOf('  ')).toBeUndefined();
  });
});

describe('error toast fields', () => {
  const named = {
    t: (key: string, options?: Record<string, unknown>) =>
      key === 'errors.invalidFields' ? `Fields: ${String(options?.fields)}.` : (texts[key] ?? key),
    exists: (key: string) => key in texts,
  };

  it('names the fields of a 400, without where in the request they came', () => {
    const error = new ApiError(400, {
      error: 'ERR_VALIDATION',
      fields: [
        { path: 'body.flowIdNotPhrase', message: 'Expected number, received object' },
        { path: 'body.flowIdNotPhrase', message: 'Unknown flow 9' },
        { path: 'body.rows.2.name', message: 'Too short' },
      ],
    });
    expect(errorMessage(error, named)).toBe('ERR_VALIDATION Fields: flowIdNotPhrase, rows.2.name.');
  });

  it('is the bare text when no field is named', () => {
    expect(errorMessage(new ApiError(400, { error: 'ERR_VALIDATION', fields: [] }), named)).toBe('ERR_VALIDATION');
    expect(
      errorMessage(new ApiError(400, { error: 'ERR_VALIDATION', fields: [{ path: 'body', message: 'Malformed JSON' }] }), named),
    ).toBe('ERR_VALIDATION');
  });
});
