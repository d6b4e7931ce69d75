import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createContactListItem } from '../contact-lists.service.ts';

export const handler = defineHandler('contact-lists.item-create', ({ auth, body }) => createContactListItem(auth, body));
