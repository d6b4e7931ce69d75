import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteTicket } from '../tickets.service.ts';

export const handler = defineHandler('tickets.delete', async ({ auth, params }) => {
  await deleteTicket(auth, params.id);
  return { ok: true as const };
});
