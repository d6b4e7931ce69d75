import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listContacts } from '../contact-search.service.ts';

/** `count` is the company's total when unfiltered, otherwise the matches known so far (see findContactsPage). */
export const handler = defineHandler('contacts.list', ({ auth, query }) => listContacts(auth, query));
