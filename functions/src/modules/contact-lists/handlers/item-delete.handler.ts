import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteContactListItem } from '../contact-lists.service.ts';

export const handler = defineHandler('contact-lists.item-delete', ({ auth, params }) => deleteContactListItem(auth, params.id));
