/**
 * Browsers' push subscriptions: one item a device a user turned notifications on in, bound to the session it was
 * made in (a push goes only to the subscriptions of the user's current session).
 * Access patterns:
 * - a user's subscriptions (send to them, list, remove a session's): pk C#<companyId>, sk PUSH#<userId>#<endpoint hash>
 */
import { createHash } from 'node:crypto';
import { companyPk, padId } from '../../platform/table/keys.ts';

export interface PushSubscriptionRecord {
  companyId: number;
  userId: number;
  /** the session the subscription was made in */
  sessionId: string;
  /** the push service's URL for this browser */
  endpoint: string;
  /** the browser's P-256 public key and auth secret (base64url) */
  p256dh: string;
  auth: string;
  userAgent: string;
  createdAt: string;
}
export type PushSubscriptionItem = PushSubscriptionRecord & { pk: string; sk: string; type: 'pushSubscription' };

/** The most devices a user keeps subscribed: a new one beyond it replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export const userSubscriptionsPrefix = (userId: number): string => `PUSH#${padId(userId)}#`;

const endpointHash = (endpoint: string): string => createHash('sha256').update(endpoint).digest('base64url');

export const pushSubscriptionKey = (companyId: number, userId: number, endpoint: string) => ({
  pk: companyPk(companyId),
  sk: `${userSubscriptionsPrefix(userId)}${endpointHash(endpoint)}`,
});

export const toPushSubscriptionItem = (record: PushSubscriptionRecord): PushSubscriptionItem => ({
  ...pushSubscriptionKey(record.companyId, record.userId, record.endpoint),
  type: 'pushSubscription',
  ...record,
});
