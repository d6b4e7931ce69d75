import { defineHandler } from '../../../platform/http/define-handler.ts';
import { contactTags } from '../contact-tags.service.ts';

export const handler = defineHandler('contacts.tags', ({ auth, params }) => contactTags(auth, params.id));
