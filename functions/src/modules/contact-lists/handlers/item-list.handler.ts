import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listContactListItems } from '../contact-lists.service.ts';

export const handler = defineHandler('contact-lists.item-list', ({ auth, query }) => listContactListItems(auth, query));
