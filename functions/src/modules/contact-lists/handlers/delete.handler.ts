import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteContactList } from '../contact-lists.service.ts';

export const handler = defineHandler('contact-lists.delete', ({ auth, params }) => deleteContactList(auth, params.id));
