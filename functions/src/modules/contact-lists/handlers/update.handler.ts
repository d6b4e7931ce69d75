import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateContactList } from '../contact-lists.service.ts';

export const handler = defineHandler('contact-lists.update', ({ auth, params, body }) =>
  updateContactList(auth, params.id, body),
);
