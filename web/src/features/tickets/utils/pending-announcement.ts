import type { Ticket, TicketStatus } from '@switchboard/shared/contracts/tickets';
import { belongsToList, plainFilters, type ListViewer } from './ticket-filters.ts';

/** A conversation counts as new when its first message came less than this after the ticket was opened. */
export const NEW_CONVERSATION_MS = 60_000;

const pendingTab = plainFilters('pending');

/**
 * Whether a ticket seen in a live event is a conversation newly waiting for this viewer, to be announced to
 * screen readers: it is in the viewer's pending tab and either was seen in another status before (returned to
 * the queue) or, never seen before, is brand new (a ticket that has waited for long is not news).
 * `lastStatus` is the status this page last saw the ticket in.
 */
export const isNewlyPending = (ticket: Ticket, lastStatus: TicketStatus | undefined, viewer: ListViewer): boolean => {
  if (ticket.status !== 'pending' || lastStatus === 'pending') return false;
  if (!belongsToList(ticket, pendingTab, viewer)) return false;
  if (lastStatus !== undefined) return true;
  return Date.parse(ticket.updatedAt) - Date.parse(ticket.createdAt) < NEW_CONVERSATION_MS;
};
