import { describe, expect, it } from 'vitest';
import { ApiError, normaliseError, toErrorBody } from './api-error.ts';

describe('error normalisation', () => {
  it("reads the ErrorBody from Amplify's RestApiError response", () => {
    const amplifyError = Object.assign(new Error('Unknown error'), {
      name: 'UnknownError',
      response: { statusCode: 409, headers: {}, body: JSON.stringify({ error: 'ERR_DUPLICATED_EMAIL', message: 'taken' }) },
    });
    const error = normaliseError(amplifyError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ error: 'ERR_DUPLICATED_EMAIL', message: 'taken' });
  });

  it('keeps only well-formed validation fields', () => {
    expect(toErrorBody({ error: 'ERR_VALIDATION', fields: [{ path: 'email', message: 'x' }, { path: 3 }, null, 'y'] })).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'email', message: 'x' }],
    });
  });

  it('has no code for an answer without one', () => {
    expect(normaliseError({ response: { statusCode: 500, body: '' } }).body).toEqual({});
    expect(normaliseError({ response: { statusCode: 500, body: '{"error":42}' } }).code).toBeUndefined();
  });

  it('names network failures, timeouts and cancellations with client codes', () => {
    expect(normaliseError(Object.assign(new Error('x'), { name: 'NetworkError' })).code).toBe('ERR_NETWORK');
    expect(normaliseError(Object.assign(new Error('x'), { name: 'TimeoutError' })).code).toBe('ERR_TIMEOUT');
    expect(normaliseError(Object.assign(new Error('x'), { name: 'CanceledError' })).code).toBe('ERR_CANCELED');
  });

  it('passes an ApiError through and wraps anything else without a code', () => {
    const original = new ApiError(400, { error: 'ERR_VALIDATION' });
    expect(normaliseError(original)).toBe(original);
    expect(normaliseError('boom')).toMatchObject({ status: 0, body: {} });
  });
});
