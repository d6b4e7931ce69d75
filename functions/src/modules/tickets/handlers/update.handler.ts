import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateTicketAndNotify } from '../ticket-actions.service.ts';

export const handler = defineHandler('tickets.update', ({ auth, params, body }) => updateTicketAndNotify(auth, params.id, body));
