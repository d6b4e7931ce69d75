import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createCheckedContact } from '../contact-numbers.service.ts';

export const handler = defineHandler('contacts.create', ({ auth, body }) => createCheckedContact(auth, body));
