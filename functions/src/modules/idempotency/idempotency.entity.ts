/**
 * The outcome of each request made with an Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field"), for
 * every route that honours the header. A key lives in a scope of its company (the external API's connection, agents'
 * replies), so the same key in another company or scope is another key. Items expire by TTL (`expiresAt`, seconds);
 * readers also treat an expired item as absent, since DynamoDB deletes them lazily.
 * Access patterns:
 * - claim, read, settle and release a key: pk C#<cid>#IDEM#<scope>#<sha256 of the key>, sk IDEM (conditional put: the
 *   first request of a key claims it)
 */
import { createHash } from 'node:crypto';
import { companyPk } from '../../platform/table/keys.ts';

export const idempotencyKey = (companyId: number, scope: string, key: string) => ({
  pk: `${companyPk(companyId)}#IDEM#${scope}#${createHash('sha256').update(key, 'utf8').digest('base64url')}`,
  sk: 'IDEM',
});

/** How long a key's outcome is kept: a retry within a day answers the first request's result. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

export interface IdempotencyItem {
  pk: string;
  sk: string;
  type: 'idempotency';
  companyId: number;
  scope: string;
  /** sha256 of the request: the same key with another request is refused */
  fingerprint: string;
  state: 'pending' | 'done';
  /** the answer of a done request, replayed as it was */
  status?: number;
  response?: string;
  createdAt: string;
  expiresAt: number;
}
