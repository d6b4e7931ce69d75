import { defineHandler } from '../../../platform/http/define-handler.ts';
import { prepareContactListUpload } from '../contact-list-import.service.ts';

export const handler = defineHandler('contact-lists.upload', ({ auth, params, body }) =>
  prepareContactListUpload(auth, params.id, body),
);
