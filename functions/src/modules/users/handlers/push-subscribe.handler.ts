import { defineHandler } from '../../../platform/http/define-handler.ts';
import { subscribe } from '../../push/push-subscriptions.service.ts';

export const handler = defineHandler('users.push-subscribe', async ({ auth, body, request }) => {
  await subscribe(auth, body, request.userAgent);
  return { ok: true as const };
});
