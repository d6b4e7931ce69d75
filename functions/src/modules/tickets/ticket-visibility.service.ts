/**
 * Who may see a ticket (spec document 1 sections 4 and 6; server reference 3.4). One rule, used by the ticket
 * list, single reads and the realtime publisher's recipient filter, so a list and a live event never disagree.
 */
import type { Company, User } from '@switchboard/shared/contracts/auth';
import type { TicketStatus } from '@switchboard/shared/contracts/tickets';
import type { AuthContext } from '../../platform/http/types.ts';
import type { ConnectionRecord as SocketConnection } from '../../platform/realtime/connection.entity.ts';

export interface TicketViewer {
  userId: number;
  profile: 'admin' | 'user';
  queueIds: number[];
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  /** the user may see other agents' tickets in their queues (user flag or company setting allUserChat) */
  allUserChat: boolean;
}

export interface VisibleTicket {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

/**
 * The rights a user sees tickets with: their own flags, with allUserChat widened by the company's setting. The same
 * rights are stored on each socket the user opens (realtime.service.ts) and compared when they change
 * (socket-rights.listener.ts).
 */
export const viewerOfUser = (user: User, company: Pick<Company, 'settings'> = user.company): TicketViewer => ({
  userId: user.id,
  profile: user.profile,
  queueIds: user.queueIds,
  allTicket: user.allTicket,
  allowGroup: user.allowGroup,
  allUserChat: user.allUserChat === 'enabled' || company.settings?.allUserChat === 'enabled',
});

/** The signed-in caller as the visibility rule sees them. */
export const viewerOfAuth = (auth: AuthContext): TicketViewer => ({
  ...viewerOfUser(auth.user, auth.company),
  userId: auth.userId,
  profile: auth.profile,
});

const inQueues = (viewer: TicketViewer, queueId: number | null) =>
  queueId === null ? viewer.allTicket === 'enable' : viewer.queueIds.includes(queueId);

export const canSeeTicket = (viewer: TicketViewer, ticket: VisibleTicket): boolean => {
  if (viewer.profile === 'admin') return true;
  if (ticket.userId === viewer.userId) return true;
  if (ticket.isGroup || ticket.status === 'group')
    return viewer.allowGroup && (ticket.queueId === null || viewer.queueIds.includes(ticket.queueId));
  if (!inQueues(viewer, ticket.queueId)) return false;
  if (ticket.userId === null || ticket.status === 'closed') return true;
  return viewer.allUserChat;
};

/** The show-all toggle: admins, and users when allUserChat is on. Never in search. */
export const mayShowAll = (viewer: TicketViewer): boolean => viewer.profile === 'admin' || viewer.allUserChat;

/** A live connection's agent as the visibility rule sees them. */
export const viewerOfSocket = (c: SocketConnection): TicketViewer => ({
  userId: c.userId,
  profile: c.profile,
  queueIds: c.queueIds,
  allTicket: c.allTicket,
  allowGroup: c.allowGroup ?? false,
  allUserChat: c.allUserChat ?? false,
});
