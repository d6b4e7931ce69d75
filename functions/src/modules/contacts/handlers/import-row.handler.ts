import { defineHandler } from '../../../platform/http/define-handler.ts';
import { reply } from '../../../platform/http/types.ts';
import { importCheckedContactRow } from '../contact-numbers.service.ts';

/** 201 when the row created a contact; 200 with the untouched contact when its number already existed. */
export const handler = defineHandler('contacts.import-row', async ({ auth, body }) => {
  const result = await importCheckedContactRow(auth, body);
  return reply(result, { status: result.created ? 201 : 200 });
});
