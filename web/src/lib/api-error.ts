import type { ErrorBody, ErrorCode } from '@switchboard/shared/errors';

/** Codes the client itself raises when no server answer carries one. */
export type ClientErrorCode = 'ERR_NETWORK' | 'ERR_TIMEOUT' | 'ERR_CANCELED';

/**
 * The one error shape the app sees from any HTTP call: the server's ErrorBody when it sent one, a client code
 * when the server could not be reached. `error` is absent when an answer carried no code at all, which the
 * toast rule shows as the generic message.
 */
export type ApiErrorBody = Omit<ErrorBody, 'error'> & { error?: ErrorCode | ClientErrorCode | (string & {}) };

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message ?? body.error ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body.error;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const parseJson = (text: unknown): unknown => {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Keeps the known ErrorBody fields of a parsed answer and drops anything malformed. */
export const toErrorBody = (parsed: unknown): ApiErrorBody => {
  if (!isRecord(parsed)) return {};
  const body: ApiErrorBody = {};
  if (typeof parsed.error === 'string' && parsed.error !== '') body.error = parsed.error;
  if (typeof parsed.message === 'string') body.message = parsed.message;
  if (typeof parsed.requestId === 'string') body.requestId = parsed.requestId;
  if (Array.isArray(parsed.fields)) {
    body.fields = parsed.fields
      .filter(isRecord)
      .filter((f) => typeof f.path === 'string' && typeof f.message === 'string')
      .map((f) => ({ path: f.path as string, message: f.message as string }));
  }
  if ('details' in parsed) body.details = parsed.details;
  return body;
};

/** The ApiError of an error answer (status >= 300 after redirects), from its body as text. */
export const errorFromAnswer = (status: number, text: string): ApiError => new ApiError(status, toErrorBody(parseJson(text)));

/**
 * Turns whatever a request threw into an ApiError: fetch rejects with a TypeError when the server cannot be
 * reached, and an aborted request with the abort's reason (a TimeoutError when it ran out of time) or an
 * AbortError.
 */
export const normaliseError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (error instanceof TypeError) return new ApiError(0, { error: 'ERR_NETWORK' });
  if (isRecord(error)) {
    if (error.name === 'TimeoutError') return new ApiError(0, { error: 'ERR_TIMEOUT' });
    if (error.name === 'AbortError') return new ApiError(0, { error: 'ERR_CANCELED' });
  }
  return new ApiError(0, {});
};
