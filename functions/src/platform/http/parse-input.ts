/**
 * Turns an API Gateway v2 event into the route's typed input with the route table's zod schemas.
 * Every failure is a 400 naming the field paths (`body.email`, `params.id`, ...).
 */
import type { RouteDef } from '@switchboard/shared/routes';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import { MalformedMultipart, multipartBoundary, parseMultipart, type MultipartForm, type UploadedFile } from './multipart.ts';
import type { HttpEvent } from './types.ts';

export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** A multipart body (files): what a Lambda can be handed, base64 included, with room to spare. */
export const MAX_MULTIPART_BODY_BYTES = 5 * 1024 * 1024;

const fieldsOf = (where: string, error: z.ZodError) =>
  error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));

const parsePart = (where: string, schema: z.ZodType | undefined, value: unknown): unknown => {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('ERR_VALIDATION', 'Invalid input', { fields: fieldsOf(where, result.error) });
  return result.data;
};

export const readJsonBody = (event: HttpEvent): unknown => {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_JSON_BODY_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
  const type = event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? 'application/json';
  if (!type.includes('json')) {
    throw new AppError('ERR_VALIDATION', 'Unsupported content type', {
      fields: [{ path: 'body', message: 'Expected application/json' }],
    });
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('ERR_VALIDATION', 'Malformed JSON', { fields: [{ path: 'body', message: 'Malformed JSON' }] });
  }
};

/** The form of a multipart route's body, or undefined when the body is not multipart/form-data. */
const readMultipartBody = (event: HttpEvent): MultipartForm | undefined => {
  const boundary = multipartBoundary(event.headers?.['content-type'] ?? event.headers?.['Content-Type']);
  if (!boundary) return undefined;
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  if (raw.length > MAX_MULTIPART_BODY_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
  try {
    return parseMultipart(raw, boundary);
  } catch (error) {
    if (!(error instanceof MalformedMultipart)) throw error;
    throw new AppError('ERR_VALIDATION', 'Malformed multipart body', { fields: [{ path: 'body', message: error.message }] });
  }
};

export interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  /** the files of a multipart body (routes marked `multipart` in the route table); none elsewhere */
  files: UploadedFile[];
}

export const parseInput = (route: RouteDef, event: HttpEvent): ParsedInput => {
  const params = parsePart('params', route.params, event.pathParameters ?? {});
  const query = parsePart('query', route.query, event.queryStringParameters ?? {});
  const form = route.multipart ? readMultipartBody(event) : undefined;
  // a route that verifies the exact bytes (a signed webhook) reads them itself, before anything trusts them
  const rawBody = form ? form.fields : route.rawBody ? undefined : readJsonBody(event);
  const body = route.body ? parsePart('body', route.body, rawBody ?? {}) : undefined;
  return { params, query, body, files: form?.files ?? [] };
};
