/**
 * Keeps the dashboard's per-day counters (functions/src/modules/dashboard) in step with tickets, ratings and messages.
 * Registered by every Lambda entry that records ticket events, beside the timer listener (the architecture test
 * checks it). Counting tickets and ratings is idempotent (a repeated event changes nothing), and a message is
 * counted on its creation event, which a stored message has once; a failure is logged and does not fail the change
 * that emitted.
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import {
  countMessage,
  countRating,
  countTicketChange,
  countTicketRemoval,
} from '../modules/dashboard/dashboard-counters.service.ts';

export const registerDashboardListener = (): void => {
  domainEvents.on(['ticket.created', 'ticket.updated', 'ticket.closed', 'ticket.reopened'], 'dashboard-counters', async (e) => {
    // a change that kept the status and the agent (a message, a tag, a lane) moves no counter: not even a read
    if (e.name === 'ticket.updated' && e.sameHolder) return;
    await countTicketChange(e.companyId, e.ticket, e.name === 'ticket.created', e.version);
  });
  domainEvents.on('ticket.deleted', 'dashboard-counters', (e) => countTicketRemoval(e.companyId, e.ticketId));
  domainEvents.on('rating.created', 'dashboard-counters', (e) => countRating(e));
  // the messages of each day (GET /messages-allMe): their creation events, one per stored message
  domainEvents.on(['message.received', 'message.sent'], 'dashboard-counters', (e) => countMessage(e.companyId, e.message));
};
