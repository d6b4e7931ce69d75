import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showContactList } from '../contact-lists.service.ts';

export const handler = defineHandler('contact-lists.show', ({ auth, params }) => showContactList(auth, params.id));
