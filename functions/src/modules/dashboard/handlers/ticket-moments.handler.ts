import { defineHandler } from '../../../platform/http/define-handler.ts';
import { ticketMoments } from '../dashboard.service.ts';

export const handler = defineHandler('dashboard.ticket-moments', ({ auth, query }) => ticketMoments(auth, query));
