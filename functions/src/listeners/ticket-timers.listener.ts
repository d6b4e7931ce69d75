/**
 * Keeps each ticket's one-time schedule for the engine's timed rules (functions/src/engine/ticket-timers.ts) set:
 * every ticket change and every message moves the moment a rule may come due. Registered by every Lambda entry
 * that records ticket or message events (the architecture test checks it). Arming reads only cached settings;
 * a failure is logged, never fails the change (the ticket's next change arms it again).
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { armTicketTimer } from '../engine/ticket-timers.ts';

export const registerTimerListener = (): void => {
  domainEvents.on(
    ['ticket.created', 'ticket.updated', 'ticket.reopened', 'message.received', 'message.sent'],
    'ticket-timers',
    (e) => armTicketTimer(e.companyId, e.ticket),
  );
};
