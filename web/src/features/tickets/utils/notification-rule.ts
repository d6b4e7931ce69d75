import type { Message } from '@switchboard/shared/contracts/messages';
import type { Ticket } from '@switchboard/shared/contracts/tickets';

export interface NotifiedUser {
  id: number;
  queueIds: number[];
  allTicket: 'enable' | 'disable';
}

/**
 * Spec document 1, section 4 "Notification rule", on the ticket: unassigned or assigned to the user; in one of
 * the user's queues (or without a queue when allTicket is 'enable'); and a pending ticket only when the company
 * setting showNotificationPending is on.
 */
export const isNotifiableTicket = (
  ticket: Pick<Ticket, 'userId' | 'queueId' | 'status'>,
  user: NotifiedUser,
  showNotificationPending: boolean,
): boolean => {
  if (ticket.userId !== null && ticket.userId !== user.id) return false;
  const queueOk = ticket.queueId === null ? user.allTicket === 'enable' : user.queueIds.includes(ticket.queueId);
  if (!queueOk) return false;
  if (ticket.status === 'pending' && !showNotificationPending) return false;
  return ticket.status !== 'closed';
};

/** A new message notifies (sound, bell) when the contact wrote it and its ticket passes the rule. */
export const shouldNotify = (
  message: Pick<Message, 'fromMe' | 'isPrivate'>,
  ticket: Pick<Ticket, 'userId' | 'queueId' | 'status'>,
  user: NotifiedUser,
  showNotificationPending: boolean,
): boolean => !message.fromMe && !message.isPrivate && isNotifiableTicket(ticket, user, showNotificationPending);

/**
 * The bell's list after a ticket changed: tickets with unread messages that pass the rule, the latest activity
 * first; a read, reassigned or closed ticket leaves it.
 */
export const applyToUnreadList = (
  list: Ticket[],
  ticket: Ticket,
  user: NotifiedUser,
  showNotificationPending: boolean,
): Ticket[] => {
  const rest = list.filter((t) => t.id !== ticket.id);
  if (ticket.unreadMessages > 0 && isNotifiableTicket(ticket, user, showNotificationPending)) return [ticket, ...rest];
  return rest.length === list.length ? list : rest;
};

/** The number the title and the bell show: how many tickets have unread messages. */
export const unreadTicketCount = (list: readonly Ticket[]): number => list.filter((t) => t.unreadMessages > 0).length;
