/**
 * Opaque paging cursors: a DynamoDB LastEvaluatedKey (or several, for merged queries) as base64url JSON.
 * A cursor that does not decode is the caller's error: 400 naming `query.cursor`.
 */
import { AppError } from '../errors.ts';

export const encodeCursor = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

export const decodeCursor = <T>(cursor: string | undefined, check: (value: unknown) => value is T): T | undefined => {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (check(value)) return value;
  } catch {
    // reported below
  }
  throw new AppError('ERR_VALIDATION', 'Invalid cursor', { fields: [{ path: 'query.cursor', message: 'Invalid cursor' }] });
};

export const isKeyRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
