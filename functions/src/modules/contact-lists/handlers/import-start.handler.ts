import { defineHandler } from '../../../platform/http/define-handler.ts';
import { startContactListImport } from '../contact-list-import.service.ts';

export const handler = defineHandler('contact-lists.import-start', ({ auth, params }) =>
  startContactListImport(auth, params.id, params.importId),
);
