import { defineHandler } from '../../../platform/http/define-handler.ts';
import { setTicketsPaneWidth } from '../users.service.ts';

export const handler = defineHandler('users.toggle-width', async ({ auth, params, body }) => {
  await setTicketsPaneWidth(auth, params.userId, body.defaultTicketsManagerWidth);
  return { ok: true as const };
});
