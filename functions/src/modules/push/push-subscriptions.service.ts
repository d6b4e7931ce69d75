/**
 * Which browsers a user's notifications go to. A device subscribes while its user is signed in, and the
 * subscription belongs to that session: a push goes only to the subscriptions of the user's current session, and
 * those of an ended session (logout, a password change, a sign-in elsewhere) are deleted when it ends, or at the
 * latest when a push finds them. The endpoint must be a push service's https address (the tenant address policy
 * applies again when a push is sent); with the local runtime's open policy any http(s) address is taken.
 */
import { AppError } from '../../platform/errors.ts';
import { clock } from '../../platform/clock.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { tenantUrlPolicy } from '../../platform/http/tenant-fetch.ts';
import { vapidKeys } from '../../platform/push/vapid.ts';
import { decodePushKeys, PushInputError } from '../../platform/push/web-push.ts';
import { MAX_SUBSCRIPTIONS_PER_USER, type PushSubscriptionRecord } from './push-subscription.entity.ts';
import { deletePushSubscription, listPushSubscriptions, putPushSubscription } from './push-subscriptions.repository.ts';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const invalid = (path: string, message: string) => new AppError('ERR_VALIDATION', message, { fields: [{ path, message }] });

const checkEndpoint = (endpoint: string): void => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalid('body.endpoint', 'Not a URL');
  }
  const allowed = tenantUrlPolicy() === 'allow' ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) throw invalid('body.endpoint', 'A push service address starts with https://');
  if (url.username || url.password) throw invalid('body.endpoint', 'A push service address carries no credentials');
};

/** The key browsers subscribe with (`applicationServerKey`), or null while push notifications are off. */
export const vapidPublicKey = async (): Promise<{ publicKey: string | null }> => ({
  publicKey: (await vapidKeys())?.publicKey ?? null,
});

/** Subscribes this browser for the caller's session; the same endpoint again replaces its keys. */
export const subscribe = async (auth: AuthContext, input: PushSubscriptionInput, userAgent: string): Promise<void> => {
  if (!(await vapidKeys())) throw new AppError('ERR_PUSH_DISABLED');
  checkEndpoint(input.endpoint);
  try {
    decodePushKeys(input.keys);
  } catch (error) {
    if (error instanceof PushInputError)
      throw invalid(`body.keys.${/^auth/.test(error.message) ? 'auth' : 'p256dh'}`, error.message);
    throw error;
  }
  const existing = await listPushSubscriptions(auth.companyId, auth.userId);
  const others = existing.filter((s) => s.endpoint !== input.endpoint);
  // the oldest devices make room for this one
  for (const old of others.slice(0, Math.max(0, others.length - (MAX_SUBSCRIPTIONS_PER_USER - 1))))
    await deletePushSubscription(auth.companyId, auth.userId, old.endpoint);
  await putPushSubscription({
    companyId: auth.companyId,
    userId: auth.userId,
    sessionId: auth.sessionId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent.slice(0, 300),
    createdAt: clock().now().toISOString(),
  });
};

/** Removes the caller's subscription of that endpoint (nothing to remove is no error). */
export const unsubscribe = async (auth: AuthContext, endpoint: string): Promise<void> => {
  await deletePushSubscription(auth.companyId, auth.userId, endpoint);
};

/** Removes every subscription made in that session of the user (the session ended). */
export const removeSessionSubscriptions = async (companyId: number, userId: number, sessionId: string): Promise<number> => {
  const ended = (await listPushSubscriptions(companyId, userId)).filter((s) => s.sessionId === sessionId);
  for (const s of ended) await deletePushSubscription(companyId, userId, s.endpoint);
  return ended.length;
};

/**
 * The subscriptions a push to the user may go to: those of `currentSessionId` (none when the user has no session);
 * any other is left from an ended session and deleted here.
 */
export const deliverableSubscriptions = async (
  companyId: number,
  userId: number,
  currentSessionId: string | undefined,
): Promise<PushSubscriptionRecord[]> => {
  const all = await listPushSubscriptions(companyId, userId);
  for (const stale of all.filter((s) => s.sessionId !== currentSessionId))
    await deletePushSubscription(companyId, userId, stale.endpoint);
  return all.filter((s) => s.sessionId === currentSessionId);
};

/** Forgets a subscription the push service says is gone (404 or 410). */
export const forgetSubscription = (record: PushSubscriptionRecord): Promise<boolean> =>
  deletePushSubscription(record.companyId, record.userId, record.endpoint);
