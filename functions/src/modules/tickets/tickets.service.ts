/**
 * One ticket: how it is shown (to callers and, live, to the agents who may see it), who may read it, reading it,
 * changing it with retries, the messages that move it and deleting it. Lists and search live in
 * ticket-lists.service.ts, which ticket a conversation runs in (inbound, scheduled, agent-started) in
 * ticket-routing.service.ts, accept/transfer/return/close/reopen in ticket-transitions.service.ts, logs and notes
 * in ticket-notes.service.ts, tags in ticket-tags.service.ts.
 */
import { type Contact } from '@switchboard/shared/contracts/contacts';
import { type Ticket } from '@switchboard/shared/contracts/tickets';
import type { TicketAudience } from '@switchboard/shared/events';
import { can } from '@switchboard/shared/permissions';
import { hasServiceWindow, serviceWindowEnd } from '@switchboard/shared/service-window';
import { pauseAfterConflict } from '../../platform/table/conflict-pause.ts';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { viewerOf } from '../../platform/auth/viewer.ts';
import { hidesNumbers, maskNumber, presentContact } from '../contacts/contact-privacy.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { findUser } from '../user-records/user-lookup.service.ts';
import { canSeeTicket, viewerOfAuth } from './ticket-visibility.service.ts';
import { type TicketContact, type TicketRecord } from './ticket.entity.ts';
import {
  deleteTicketItems,
  getTicketIdByUuid,
  getTicketRecord,
  putLog,
  saveTicket,
  ticketWrites,
  type TicketWrites,
  TicketChanged,
  type LogInput,
} from './tickets.repository.ts';

export type { TicketRecord } from './ticket.entity.ts';
export { ticketPk } from './ticket.entity.ts';

const now = () => clock().now().toISOString();

// ----- viewers and presentation -----

export const contactSnapshot = (contact: Contact | TicketContact): TicketContact => ({
  id: contact.id,
  name: contact.name,
  number: contact.number,
  urlPicture: contact.urlPicture,
  channel: contact.channel,
  isGroup: contact.isGroup,
  active: contact.active,
  email: contact.email,
  tags: contact.tags,
});

const contactSummary = (contact: Contact | TicketContact | undefined, contactId: number): Ticket['contact'] =>
  contact
    ? contactSnapshot(contact)
    : {
        id: contactId,
        name: '',
        number: '',
        urlPicture: null,
        channel: 'whatsapp',
        isGroup: false,
        active: true,
        email: '',
        tags: [],
      };

export const toTicket = (t: TicketRecord, contact?: Contact | TicketContact): Ticket => {
  const {
    companyId: _c,
    version: _v,
    tagIds: _t,
    contact: snapshot,
    lastInboundAt,
    bot: _b,
    lgpdAskedAt: _l,
    npsAsks: _n,
    ratedAt: _r,
    inactiveSentAt: _i,
    vacationNoticeAt: _va,
    flow: _fl,
    flowEntryAt: _fe,
    flowMessage: _fm,
    typebotSessionId: _ts,
    typebotSessionAt: _tsa,
    integrationTurn: _it,
    ...rest
  } = t;
  const window = hasServiceWindow(t.channel) ? { serviceWindowEndsAt: serviceWindowEnd(lastInboundAt) } : {};
  return { ...rest, ...window, contact: contactSummary(contact ?? snapshot, t.contactId) };
};

/** A ticket as an agent sees it: the contact's number masked when the privacy settings say so. */
export const presentTicket = (auth: AuthContext, t: TicketRecord, contact?: Contact): Ticket => {
  if (contact) return toTicket(t, presentContact(auth, contact));
  const snapshot = t.contact;
  if (snapshot && !snapshot.isGroup && hidesNumbers(auth))
    return toTicket(t, { ...snapshot, number: maskNumber(snapshot.number) });
  return toTicket(t);
};

// ----- events -----

const maskedForUsers = (companySettings: Record<string, string> | undefined) =>
  companySettings?.enableLGPD === 'enabled' && companySettings?.lgpdHideNumber === 'enabled';

type TicketChangeName = 'ticket.created' | 'ticket.updated' | 'ticket.closed' | 'ticket.reopened';

const audienceOf = (t: TicketRecord): TicketAudience => ({
  status: t.status,
  userId: t.userId,
  queueId: t.queueId,
  isGroup: t.isGroup,
});

/** What a change from `before` did: closed the ticket, reopened it, or changed something else. */
const changeName = (after: TicketRecord, before: TicketRecord | undefined): TicketChangeName => {
  if (before && before.status !== 'closed' && after.status === 'closed') return 'ticket.closed';
  if (before && before.status === 'closed' && after.status !== 'closed') return 'ticket.reopened';
  return 'ticket.updated';
};

/**
 * Records that a ticket was created or changed (listeners tell every agent who may see it). `removed`: the ticket
 * left a tab (status, user or queue changed), so inboxes drop it before the update re-files it. With the company
 * settings and the contact, the event carries the masked number agents who are not admins see.
 */
export const recordTicketChange = async (
  t: TicketRecord,
  contact: Contact | undefined,
  options: {
    removed?: boolean;
    before?: TicketRecord;
    settings?: Record<string, string>;
    maskNumber?: (n: string) => string;
    name?: TicketChangeName;
  } = {},
): Promise<void> => {
  const ticket = toTicket(t, contact);
  const masked = maskedForUsers(options.settings) && contact && !contact.isGroup ? options.maskNumber : undefined;
  await domainEvents.emit({
    name: options.name ?? changeName(t, options.before),
    companyId: t.companyId,
    ticket,
    version: t.version,
    ...(options.removed ? { moved: true, ...(options.before ? { before: audienceOf(options.before) } : {}) } : {}),
    ...(options.before && options.before.status === t.status && options.before.userId === t.userId
      ? { sameHolder: true as const }
      : {}),
    ...(masked ? { maskedNumber: masked(ticket.contact.number) } : {}),
  });
};

// ----- reading -----

export const logOf = (type: string, user: LogInput['user'], queue: LogInput['queue']): LogInput => ({
  id: ids.ulid(),
  logType: type,
  user,
  queue,
  createdAt: now(),
});

export const me = (auth: AuthContext) => ({ id: auth.userId, name: auth.user.name });

/** A ticket of the caller's company that the caller may see; others answer 404 (another company) or 403. */
export const requireVisibleTicket = async (auth: AuthContext, id: number): Promise<TicketRecord> => {
  const t = await getTicketRecord(auth.companyId, id, true);
  if (!t) throw new AppError('ERR_NO_TICKET_FOUND');
  if (!canSeeTicket(viewerOfAuth(auth), t)) {
    throw new AppError('ERR_NO_PERMISSION', 'This ticket is held by another agent', {
      details: { id: t.id, uuid: t.uuid, status: t.status, userId: t.userId, user: t.user, queue: t.queue },
    });
  }
  return t;
};

/**
 * Whether the viewer may read an earlier ticket's messages in the conversation history (server reference 3.4):
 * with allHistoric every earlier ticket; otherwise those in the viewer's queues, queue-less ones for admins and
 * allTicket users, and group tickets for users allowed groups.
 */
export const mayReadHistory = (auth: AuthContext, t: TicketRecord): boolean => {
  if (auth.user.allHistoric === 'enabled') return true;
  const viewer = viewerOfAuth(auth);
  if (t.queueId !== null) return viewer.queueIds.includes(t.queueId);
  return auth.profile === 'admin' || viewer.allTicket === 'enable' || ((t.isGroup || t.status === 'group') && viewer.allowGroup);
};

export const findTicket = (companyId: number, id: number): Promise<TicketRecord | undefined> =>
  getTicketRecord(companyId, id, true);

export const showTicket = async (auth: AuthContext, id: number): Promise<Ticket> => {
  const t = await requireVisibleTicket(auth, id);
  await putLog(t, logOf('access', me(auth), t.queue));
  return presentTicket(auth, t, await getContact(auth.companyId, t.contactId));
};

export const showTicketByUuid = async (auth: AuthContext, uuid: string): Promise<Ticket> => {
  const id = await getTicketIdByUuid(auth.companyId, uuid);
  if (!id) throw new AppError('ERR_NO_TICKET_FOUND');
  let t = await requireVisibleTicket(auth, id);
  await putLog(t, logOf('access', me(auth), t.queue));
  if (t.unreadMessages > 0 && (t.status === 'open' || t.status === 'group') && t.userId === auth.userId) {
    t = await markTicketRead(t);
  }
  return presentTicket(auth, t, await getContact(auth.companyId, t.contactId));
};

export const otherOpenTicketError = (t: TicketRecord) =>
  new AppError('ERR_OTHER_OPEN_TICKET', undefined, {
    details: { id: t.id, uuid: t.uuid, status: t.status, userId: t.userId, user: t.user, queue: t.queue },
  });

export const userSummaryOf = async (companyId: number, userId: number) => {
  const user = await findUser(companyId, userId);
  if (!user) throw new AppError('ERR_VALIDATION', 'Unknown user', { fields: [{ path: 'body.userId', message: 'Unknown user' }] });
  return { id: user.id, name: user.name };
};

export const privacyOptions = (auth: AuthContext) => ({
  settings: auth.company.settings as Record<string, string> | undefined,
  maskNumber,
});

/** Applies a change to a ticket, re-reading and retrying when someone else changed it in between. */
export const changeTicket = async (
  companyId: number,
  id: number,
  change: (
    t: TicketRecord,
  ) => { after: TicketRecord; logs?: LogInput[]; conversation?: 'activate' | 'deactivate' | 'keep' } | undefined,
  /** a copy the caller just read: the first attempt skips the read and falls back to it only on a conflict */
  known?: TicketRecord,
): Promise<{ before: TicketRecord; after: TicketRecord } | undefined> => {
  for (let attempt = 0; attempt < 8; attempt++) {
    const before = attempt === 0 && known ? known : await getTicketRecord(companyId, id, true);
    if (!before) throw new AppError('ERR_NO_TICKET_FOUND');
    const planned = change(before);
    if (!planned) return undefined;
    try {
      const after = await saveTicket(before, planned.after, { logs: planned.logs, conversation: planned.conversation });
      return { before, after };
    } catch (error) {
      if (!(error instanceof TicketChanged)) throw error;
      await pauseAfterConflict(attempt);
    }
  }
  throw new AppError('ERR_CREATING_TICKET', 'The ticket is changing too fast, try again');
};

export interface MessageOnTicket {
  body: string;
  fromMe: boolean;
  at: string;
  countsUnread: boolean;
  /** an agent's answer to the customer (not a note, not the bot): the first one stops the first-response target */
  byAgent?: boolean;
}

/** A stored message moves the ticket to the top of its lists and counts unread incoming messages. */
const messageChange = (t: TicketRecord, message: MessageOnTicket) => {
  const reopening = t.status === 'closed' && !message.fromMe;
  return {
    after: {
      ...t,
      lastMessage: message.body.slice(0, 255),
      fromMe: message.fromMe,
      unreadMessages: message.fromMe ? 0 : t.unreadMessages + (message.countsUnread ? 1 : 0),
      updatedAt: now() > message.at ? now() : message.at,
      // the customer's latest message opens Meta's 24-hour window (a late redelivery of an older one does not move it)
      ...(!message.fromMe && (!t.lastInboundAt || message.at > t.lastInboundAt) ? { lastInboundAt: message.at } : {}),
      ...(reopening ? { status: 'pending' as const, closedAt: null } : {}),
      ...(message.byAgent && !t.firstReplyAt ? { firstReplyAt: message.at } : {}),
    },
    conversation: reopening ? ('activate' as const) : ('keep' as const),
  };
};

export const recordMessageOnTicket = (companyId: number, ticketId: number, message: MessageOnTicket, known?: TicketRecord) =>
  changeTicket(companyId, ticketId, (t) => messageChange(t, message), known);

/**
 * The writes a new message makes to its ticket, for the caller to commit in the message's own transaction. When
 * they fail their condition (the ticket changed meanwhile), re-read with `currentTicket` and plan again.
 */
export const messageTicketWrites = (t: TicketRecord, message: MessageOnTicket): Promise<TicketWrites> => {
  const planned = messageChange(t, message);
  return ticketWrites(t, planned.after, { conversation: planned.conversation });
};

/** A message's text was erased after it was stored (LGPD): the ticket's preview reads `text` instead. */
export const replaceLastMessage = (companyId: number, ticketId: number, text: string) =>
  changeTicket(companyId, ticketId, (t) => (t.lastMessage === text ? undefined : { after: { ...t, lastMessage: text } }));

/** The ticket as stored now (a strongly consistent read). */
export const currentTicket = (companyId: number, id: number) => getTicketRecord(companyId, id, true);

export const markTicketRead = async (t: TicketRecord): Promise<TicketRecord> => {
  const changed = await changeTicket(t.companyId, t.id, (cur) =>
    cur.unreadMessages === 0 ? undefined : { after: { ...cur, unreadMessages: 0 } },
  );
  if (!changed) return t;
  await domainEvents.emit({ name: 'ticket.read', companyId: t.companyId, ticketId: t.id, audience: audienceOf(changed.after) });
  return changed.after;
};

export const deleteTicket = async (auth: AuthContext, id: number): Promise<void> => {
  if (!can(viewerOf(auth), 'ticket-options:deleteTicket')) throw new AppError('ERR_NO_PERMISSION');
  const t = await getTicketRecord(auth.companyId, id, true);
  if (!t) throw new AppError('ERR_NO_TICKET_FOUND');
  await deleteTicketItems(t);
  // the messages, logs and notes go in the background: a long conversation must not slow the answer down
  await enqueueJob({ type: 'tickets.purge', companyId: auth.companyId, ticketId: id });
  await domainEvents.emit({ name: 'ticket.deleted', companyId: auth.companyId, ticketId: id, audience: audienceOf(t) });
};
