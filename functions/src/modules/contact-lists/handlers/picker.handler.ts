import { defineHandler } from '../../../platform/http/define-handler.ts';
import { pickerContactLists } from '../contact-lists.service.ts';

export const handler = defineHandler('contact-lists.picker', ({ auth }) => pickerContactLists(auth));
