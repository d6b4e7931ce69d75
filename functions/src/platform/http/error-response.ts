/** Maps any thrown value to the JSON error answer: catalogue code and status, never internals. */
import { errorStatus, type ErrorBody } from '@switchboard/shared/errors';
import { AppError } from '../errors.ts';
import { logger } from '../logger.ts';
import type { HttpResult } from './types.ts';

export const jsonResult = (status: number, body: unknown, extra: Partial<HttpResult> = {}): HttpResult => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...(extra.headers ?? {}) },
  body: body === undefined ? '' : JSON.stringify(body),
  ...(extra.cookies ? { cookies: extra.cookies } : {}),
});

export const errorResult = (error: unknown, requestId: string): HttpResult => {
  if (error instanceof AppError) {
    const status = errorStatus[error.code];
    const body: ErrorBody = { error: error.code };
    if (error.message && error.message !== error.code) body.message = error.message;
    if (error.fields) body.fields = error.fields;
    if (error.details !== undefined) body.details = error.details;
    if (status >= 500) {
      body.requestId = requestId;
      logger.error('request failed', { requestId, code: error.code, error });
    }
    const headers: Record<string, string> = {};
    if (status === 429 && typeof error.details === 'object' && error.details && 'retryAfterSeconds' in error.details) {
      headers['retry-after'] = String((error.details as { retryAfterSeconds: number }).retryAfterSeconds);
    }
    return jsonResult(status, body, { headers, ...(error.cookies ? { cookies: error.cookies } : {}) });
  }
  logger.error('unexpected error', { requestId, error: error as Error });
  return jsonResult(500, { error: 'ERR_INTERNAL', message: 'Internal server error', requestId } satisfies ErrorBody);
};
