import { defineHandler } from '../../../platform/http/define-handler.ts';
import { unsubscribe } from '../../push/push-subscriptions.service.ts';

export const handler = defineHandler('users.push-unsubscribe', async ({ auth, body }) => {
  await unsubscribe(auth, body.endpoint);
  return { ok: true as const };
});
