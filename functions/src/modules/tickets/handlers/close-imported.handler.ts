import { defineHandler } from '../../../platform/http/define-handler.ts';
import { closeImportedTickets } from '../close-imported.service.ts';

export const handler = defineHandler('tickets.close-imported', ({ auth, params }) => closeImportedTickets(auth, params.id));
