import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createContact } from '../contacts.service.ts';

export const handler = defineHandler('contacts.create', ({ auth, body }) => createContact(auth, body));
