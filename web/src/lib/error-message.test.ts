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
