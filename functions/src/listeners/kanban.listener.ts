/**
 * Kanban lanes follow the tickets (functions/src/modules/tags/kanban-lanes.service.ts): every ticket change records
 * the lane the ticket stands in (arming the lane's timer when it entered a new one), and a customer's message may send
 * the ticket back to its lane's rollback lane. Registered by the Lambda entries whose code moves tickets between lanes
 * or stores customers' messages. A failure is logged and never fails the change that emitted.
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { rollbackOnCustomerMessage, trackTicketLane } from '../modules/tags/kanban-lanes.service.ts';

export const registerKanbanListener = (): void => {
  domainEvents.on(['ticket.created', 'ticket.updated', 'ticket.closed', 'ticket.reopened'], 'kanban-lanes', (e) =>
    trackTicketLane(e.companyId, e.ticket.id),
  );
  domainEvents.on('ticket.deleted', 'kanban-lanes', (e) => trackTicketLane(e.companyId, e.ticketId));
  domainEvents.on('message.received', 'kanban-rollback', rollbackOnCustomerMessage);
};
