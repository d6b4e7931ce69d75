import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createTicket } from '../ticket-routing.service.ts';

export const handler = defineHandler('tickets.create', ({ auth, body }) => createTicket(auth, body));
