import { defineHandler } from '../../../platform/http/define-handler.ts';
import { ticketLogs } from '../ticket-notes.service.ts';

export const handler = defineHandler('tickets.logs', ({ auth, params }) => ticketLogs(auth, params.id));
