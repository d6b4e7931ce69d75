/**
 * The external messages API's own items: a call counter per connection token and minute, and the outcome of each
 * call made with an Idempotency-Key. Both expire by TTL (`expiresAt`, seconds); readers also treat an expired item
 * as absent, since DynamoDB deletes them lazily.
 * Access patterns:
 * - count a token's calls of one minute: pk C#<cid>#APIRATE#<connectionId>#<minute>, sk APIRATE (ADD calls)
 * - claim, read and settle an idempotency key of a connection: pk C#<cid>#IDEM#<connectionId>#<sha256 of the key>,
 *   sk IDEM (conditional put: the first call of a key claims it)
 */
import { createHash } from 'node:crypto';
import { companyPk } from '../../platform/table/keys.ts';

export const rateKey = (companyId: number, connectionId: number, minute: number) => ({
  pk: `${companyPk(companyId)}#APIRATE#${connectionId}#${minute}`,
  sk: 'APIRATE',
});

export const idempotencyKey = (companyId: number, connectionId: number, key: string) => ({
  pk: `${companyPk(companyId)}#IDEM#${connectionId}#${createHash('sha256').update(key, 'utf8').digest('base64url')}`,
  sk: 'IDEM',
});

/** How long a key's outcome is kept: a retry within a day answers the first call's result. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

export interface IdempotencyItem {
  pk: string;
  sk: string;
  type: 'apiIdempotency';
  companyId: number;
  connectionId: number;
  /** sha256 of the request (fields and files): the same key with another request is refused */
  fingerprint: string;
  state: 'pending' | 'done';
  /** the answer of a done call, replayed as it was */
  status?: number;
  response?: string;
  createdAt: string;
  expiresAt: number;
}
