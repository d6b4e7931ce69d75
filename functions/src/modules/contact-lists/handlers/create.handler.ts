import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createContactList } from '../contact-lists.service.ts';

export const handler = defineHandler('contact-lists.create', ({ auth, body }) => createContactList(auth, body));
