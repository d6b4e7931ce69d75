import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listContactNames } from '../contact-search.service.ts';

export const handler = defineHandler('contacts.list-all', ({ auth, query }) => listContactNames(auth, query));
