import { defineHandler } from '../../../platform/http/define-handler.ts';
import { ticketReport } from '../ticket-report.service.ts';

export const handler = defineHandler('tickets.report', ({ auth, query }) => ticketReport(auth, query));
