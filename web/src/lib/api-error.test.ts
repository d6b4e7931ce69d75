import { describe, expect, it } from 'vitest';
import { ApiError, errorFromAnswer, normaliseError, toErrorBody } from './api-error.ts';

describe('error normalisation', () => {
  it('reads the ErrorBody of an error answer', () => {
    const error = errorFromAnswer(409, JSON.stringify({ error: 'ERR_DUPLICATED_EMAIL', message: 'taken' }));
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
    expect(errorFromAnswer(500, '').body).toEqual({});
    expect(errorFromAnswer(500, '{"error":42}').code).toBeUndefined();
    expect(errorFromAnswer(502, '<html>Bad gateway</html>')).toMatchObject({ status: 502, body: {} });
  });

  it('names network failures, timeouts and cancellations with client codes', () => {
    expect(normaliseError(new TypeError('Failed to fetch')).code).toBe('ERR_NETWORK');
    expect(normaliseError(new DOMException('late', 'TimeoutError')).code).toBe('ERR_TIMEOUT');
    expect(normaliseError(new DOMException('stopped', 'AbortError')).code).toBe('ERR_CANCELED');
  });

  it('passes an ApiError through and wraps anything else without a code', () => {
    const original = new ApiError(400, { error: 'ERR_VALIDATION' });
    expect(normaliseError(original)).toBe(original);
    expect(normaliseError('boom')).toMatchObject({ status: 0, body: {} });
  });
});
