import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showContact } from '../contacts.service.ts';

export const handler = defineHandler('contacts.show', ({ auth, params }) => showContact(auth, params.id));
