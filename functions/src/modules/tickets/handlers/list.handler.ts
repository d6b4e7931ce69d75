import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listTickets } from '../ticket-lists.service.ts';

export const handler = defineHandler('tickets.list', ({ auth, query }) => listTickets(auth, query));
