import { defineHandler } from '../../../platform/http/define-handler.ts';
import { ticketsPerDay } from '../dashboard.service.ts';

export const handler = defineHandler('dashboard.tickets-day', ({ auth, query }) => ticketsPerDay(auth, query));
