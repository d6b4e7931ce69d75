import { defineHandler } from '../../../platform/http/define-handler.ts';
import { closeAllTickets } from '../ticket-transitions.service.ts';

export const handler = defineHandler('tickets.close-all', ({ auth, body }) => closeAllTickets(auth, body));
