import { defineHandler } from '../../../platform/http/define-handler.ts';
import { reply } from '../../../platform/http/types.ts';
import { importContactRow } from '../contacts.service.ts';

/** 201 when the row created a contact; 200 with the untouched contact when its number already existed. */
export const handler = defineHandler('contacts.import-row', async ({ auth, body }) => {
  const result = await importContactRow(auth, body);
  return reply(result, { status: result.created ? 201 : 200 });
});
