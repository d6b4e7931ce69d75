import { defineHandler } from '../../../platform/http/define-handler.ts';
import { ticketsPerUser } from '../dashboard.service.ts';

export const handler = defineHandler('dashboard.tickets-users', ({ auth, query }) => ticketsPerUser(auth, query));
