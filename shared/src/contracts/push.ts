/** Push notifications: the server's VAPID key and a browser's subscription (as `PushSubscription.toJSON()` gives it). */
import { z } from 'zod';

/** `applicationServerKey` for `pushManager.subscribe`: the VAPID public key (base64url); null when push is off. */
export const vapidPublicKeyResponse = z.object({ publicKey: z.string().nullable() });

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url');

export const pushSubscriptionBody = z.object({
  endpoint: z.string().min(1).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.max(100), auth: base64url.max(50) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2048) });
