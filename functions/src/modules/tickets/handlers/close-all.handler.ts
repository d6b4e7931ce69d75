import { defineHandler } from '../../../platform/http/define-handler.ts';
import { closeAllTickets } from '../tickets.service.ts';

export const handler = defineHandler('tickets.close-all', ({ auth, body }) => closeAllTickets(auth, body));
