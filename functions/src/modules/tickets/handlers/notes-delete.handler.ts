import { defineHandler } from '../../../platform/http/define-handler.ts';
import { removeNote } from '../ticket-notes.service.ts';

export const handler = defineHandler('tickets.notes-delete', async ({ auth, params }) => {
  await removeNote(auth, params.id);
  return { ok: true as const };
});
