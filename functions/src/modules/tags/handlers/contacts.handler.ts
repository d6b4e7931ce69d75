import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listTagContacts } from '../tags.service.ts';

export const handler = defineHandler('tags.contacts', ({ auth, params, query }) => listTagContacts(auth, params.id, query));
