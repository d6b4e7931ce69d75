import { defineHandler } from '../../../platform/http/define-handler.ts';
import { removeTagFromContact } from '../tags.service.ts';

export const handler = defineHandler('tags.remove-contact', ({ auth, params }) =>
  removeTagFromContact(auth, params.tagId, params.contactId),
);
