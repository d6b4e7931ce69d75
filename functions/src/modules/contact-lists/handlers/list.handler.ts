import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listContactLists } from '../contact-lists.service.ts';

export const handler = defineHandler('contact-lists.list', ({ auth, query }) => listContactLists(auth, query));
