import type { Ticket, TicketStatus, UpdateTicketBody } from '@switchboard/shared/contracts/tickets';

export interface ActingUser {
  id: number;
  profile: 'admin' | 'user';
  userClosePendingTicket: 'enabled' | 'disabled';
}

export interface TicketActions {
  accept: boolean;
  ignore: boolean;
  returnToQueue: boolean;
  resolve: boolean;
  transfer: boolean;
  reopen: boolean;
  delete: boolean;
}

const waiting = (s: TicketStatus) => s === 'pending' || s === 'lgpd';
const working = (s: TicketStatus) => s === 'open' || s === 'group';

/** What the header offers for a ticket, by its status and the user's rights (spec document 1, sections 4 and 6). */
export const ticketActions = (t: Pick<Ticket, 'status'>, user: ActingUser): TicketActions => ({
  accept: waiting(t.status),
  ignore: waiting(t.status) && (user.profile === 'admin' || user.userClosePendingTicket === 'enabled'),
  returnToQueue: t.status === 'open',
  resolve: working(t.status),
  transfer: working(t.status) || waiting(t.status),
  reopen: t.status === 'closed',
  delete: working(t.status) && user.profile === 'admin',
});

/** The status a ticket takes when an agent takes it: group for group tickets, otherwise open. */
export const workingStatus = (t: Pick<Ticket, 'isGroup'>): 'open' | 'group' => (t.isGroup ? 'group' : 'open');

/** Accepting (or reopening) needs a queue: a ticket without one goes through a dialog that asks for it first. */
export const needsQueue = (t: Pick<Ticket, 'queueId'>): boolean => t.queueId === null;

export const acceptBody = (t: Pick<Ticket, 'isGroup'>, userId: number, queueId?: number): UpdateTicketBody => ({
  status: workingStatus(t),
  userId,
  ...(queueId ? { queueId } : {}),
});

export const returnBody = (): UpdateTicketBody => ({ status: 'pending', userId: null });

export const resolveBody = (sendFarewellMessage: boolean): UpdateTicketBody => ({ status: 'closed', sendFarewellMessage });

/** Ignoring a waiting ticket closes it quietly and resets the bot-queue counter. */
export const ignoreBody = (): UpdateTicketBody => ({ status: 'closed', sendFarewellMessage: false, amountUsedBotQueues: 0 });

/** Transfer: with a user the ticket is worked by them (group for groups), without one it waits in the queue. */
export const transferBody = (
  t: Pick<Ticket, 'isGroup'>,
  input: { userId: number | null; queueId: number; message: string },
): UpdateTicketBody => ({
  status: input.userId ? workingStatus(t) : 'pending',
  userId: input.userId,
  queueId: input.queueId,
  isTransfered: true,
  ...(input.message.trim() ? { msgTransfer: input.message.trim() } : {}),
});

/** Closing with the requiredTag setting on needs a tag on the contact (or the ticket). */
export const missingRequiredTag = (t: Pick<Ticket, 'tags' | 'contact'>, requiredTag: boolean): boolean =>
  requiredTag && t.tags.length === 0 && t.contact.tags.length === 0;

/** Where the app goes after a change: into the ticket when it is being worked, back to the list otherwise. */
export const afterChange = (t: Pick<Ticket, 'status' | 'uuid'>): { path: string; tab?: 'open' | 'group' } =>
  working(t.status) ? { path: `/tickets/${t.uuid}`, tab: t.status === 'group' ? 'group' : 'open' } : { path: '/tickets' };
