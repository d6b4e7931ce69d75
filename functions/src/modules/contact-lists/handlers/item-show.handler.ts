import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showContactListItem } from '../contact-lists.service.ts';

export const handler = defineHandler('contact-lists.item-show', ({ auth, params }) => showContactListItem(auth, params.id));
