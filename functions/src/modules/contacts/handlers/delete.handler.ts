import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteContact } from '../contacts.service.ts';

export const handler = defineHandler('contacts.delete', async ({ auth, params }) => {
  await deleteContact(auth, params.id);
  return { ok: true as const };
});
