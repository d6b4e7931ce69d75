/**
 * Opaque paging cursors: where a list stopped (a DynamoDB LastEvaluatedKey, or several for merged queries), sealed
 * with AES-256-GCM so clients can neither read the table keys and company ids inside nor forge a position. The
 * cursor's scope (the list, the company and the filters of the query that made it) is the associated data: a
 * cursor opens only for the same query, never for another list, company or filter. A cursor that does not open is
 * the caller's error: 400 naming `query.cursor`.
 *
 * The key is derived with HKDF from the JWT access signing secret, which every function already reads, under its
 * own label, so it signs nothing else and needs no secret of its own.
 */
import { hkdfSync } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { jwtKeys } from '../auth/secrets.ts';
import { GCM_IV_BYTES, GCM_TAG_BYTES, gcmOpen, gcmSeal } from '../crypto/aes-gcm.ts';
import { AppError } from '../errors.ts';

export interface CursorScope {
  /** the list the cursor pages, e.g. `tickets.list` */
  list: string;
  /** the company whose records it pages; null for the platform's own lists (all companies) */
  companyId: number | null;
  /** what selects the records: filters, parent ids, the viewer when the list depends on who reads it (not page sizes) */
  filters?: Record<string, unknown>;
}

const VERSION = 1;
const HEADER_BYTES = 1 + GCM_IV_BYTES + GCM_TAG_BYTES;

// the key follows the signing secret it comes from (the local runtime and tests reset the secrets)
let derivedFrom: Uint8Array | undefined;
let derived: Buffer | undefined;

const cursorKey = async (): Promise<Buffer> => {
  const { access } = await jwtKeys();
  if (derivedFrom !== access || !derived) {
    derived = Buffer.from(hkdfSync('sha256', access, 'switchboard', 'paging cursors v1', 32));
    derivedFrom = access;
  }
  return derived;
};

/** JSON with object keys in order and undefined members left out, so equal filters make equal scopes. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
};

const scopeBytes = (scope: CursorScope): Buffer =>
  Buffer.from(JSON.stringify([VERSION, scope.list, scope.companyId, canonical(scope.filters ?? {})]), 'utf8');

const invalidCursor = () =>
  new AppError('ERR_VALIDATION', 'Invalid cursor', { fields: [{ path: 'query.cursor', message: 'Invalid cursor' }] });

/** Seals a position for the query `scope` describes. */
export const encodeCursor = async (value: unknown, scope: CursorScope): Promise<string> => {
  // compressed first: merged lists carry a key per partition, and cursors travel in query strings of bounded length
  const { iv, tag, data } = gcmSeal(
    await cursorKey(),
    deflateRawSync(Buffer.from(JSON.stringify(value), 'utf8')),
    scopeBytes(scope),
  );
  return Buffer.concat([Buffer.from([VERSION]), iv, tag, data]).toString('base64url');
};

/**
 * The position a cursor holds, when it was sealed by us for this very scope and passes `check`; undefined without a
 * cursor. Anything else (garbage, a changed byte, another list's, company's or filter's cursor) is a 400.
 */
export const decodeCursor = async <T>(
  cursor: string | undefined,
  scope: CursorScope,
  check: (value: unknown) => value is T,
): Promise<T | undefined> => {
  if (!cursor) return undefined;
  const key = await cursorKey();
  let value: unknown;
  try {
    const raw = Buffer.from(cursor, 'base64url');
    if (raw.length <= HEADER_BYTES || raw[0] !== VERSION || raw.toString('base64url') !== cursor) throw invalidCursor();
    const sealed = {
      iv: raw.subarray(1, 1 + GCM_IV_BYTES),
      tag: raw.subarray(1 + GCM_IV_BYTES, HEADER_BYTES),
      data: raw.subarray(HEADER_BYTES),
    };
    const plain = gcmOpen(key, sealed, scopeBytes(scope));
    value = JSON.parse(inflateRawSync(plain).toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!check(value)) throw invalidCursor();
  return value;
};

export const isKeyRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');
