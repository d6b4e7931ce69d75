import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateContactListItem } from '../contact-lists.service.ts';

export const handler = defineHandler('contact-lists.item-update', ({ auth, params, body }) =>
  updateContactListItem(auth, params.id, body),
);
