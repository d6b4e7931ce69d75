/**
 * The external messages API's own items: a call counter per connection token and minute, expiring by TTL
 * (`expiresAt`, seconds). Its Idempotency-Keys are the idempotency module's, scoped by the connection.
 * Access patterns:
 * - count a token's calls of one minute: pk C#<cid>#APIRATE#<connectionId>#<minute>, sk APIRATE (ADD calls)
 */
import { companyPk } from '../../platform/table/keys.ts';

export const rateKey = (companyId: number, connectionId: number, minute: number) => ({
  pk: `${companyPk(companyId)}#APIRATE#${connectionId}#${minute}`,
  sk: 'APIRATE',
});
