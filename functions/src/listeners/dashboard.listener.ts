/**
 * Keeps the dashboard's per-day counters (functions/src/modules/dashboard) in step with tickets and ratings.
 * Registered by every Lambda entry that records ticket events, beside the timer listener (the architecture test
 * checks it). Counting is idempotent (a repeated event changes nothing); a failure is logged and does not fail
 * the change that emitted.
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { countRating, countTicketChange, countTicketRemoval } from '../modules/dashboard/dashboard-counters.service.ts';

export const registerDashboardListener = (): void => {
  domainEvents.on(['ticket.created', 'ticket.updated', 'ticket.closed', 'ticket.reopened'], 'dashboard-counters', async (e) => {
    // a change that kept the status and the agent (a message, a tag, a lane) moves no counter: not even a read
    if (e.name === 'ticket.updated' && e.sameHolder) return;
    await countTicketChange(e.companyId, e.ticket, e.name === 'ticket.created', e.version);
  });
  domainEvents.on('ticket.deleted', 'dashboard-counters', (e) => countTicketRemoval(e.companyId, e.ticketId));
  domainEvents.on('rating.created', 'dashboard-counters', (e) => countRating(e));
};
