/**
 * Ticket state: creation (by agents and by inbound messages), the transitions of spec document 1 section 4,
 * lists per tab with cursor paging, logs, notes and tags, and the realtime events that keep every inbox in sync.
 * Sending messages (farewells, transfer notes) is not done here: see ticket-actions.service.ts.
 */
import {
  activeStatuses,
  type Contact,
  type Ticket,
  type TicketListQuery,
  type TicketLog,
  type TicketNote,
  type TicketStatus,
  type UpdateTicketBody,
} from '@switchboard/shared/contracts/inbox';
import { channels } from '@switchboard/shared/events';
import { can } from '@switchboard/shared/permissions';
import { hasServiceWindow, serviceWindowEnd } from '@switchboard/shared/service-window';
import { pauseAfterConflict } from '../../platform/table/conflict-pause.ts';
import { clock, ids } from '../../platform/clock.ts';
import { ttlCache } from '../../platform/ttl-cache.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import type { ConnectionRecord as SocketConnection } from '../../platform/realtime/connection.entity.ts';
import { publish } from '../../platform/realtime/publisher.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { decodeCursor, encodeCursor } from '../../platform/table/cursor.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { viewerOf } from '../auth/authenticate.ts';
import { defaultConnection, requireConnection, toConnectionSummary, type ConnectionRecord } from '../connections/connections.service.ts';
import { getContact, hidesNumbers, maskNumber, presentContact, searchContactIds } from '../contacts/contacts.service.ts';
import { findQueue } from '../queues/queues.service.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { searchMessageTicketIds } from '../message-search/message-search.service.ts';
import { getTag } from '../tags/tags.service.ts';
import { findUser } from '../users/users.service.ts';
import { canSeeTicket, mayShowAll, type TicketViewer } from './ticket-visibility.ts';
import { filterTagIds, type TicketContact, type TicketRecord } from './ticket.entity.ts';
import {
  ConversationTaken,
  deleteTicketItems,
  deleteNoteItem,
  getConversation,
  getCounters,
  getNoteItem,
  getTicketIdByUuid,
  getTicketRecord,
  getTicketRecords,
  insertTicket,
  listLogItems,
  listNoteItems,
  putLog,
  purgeTicketPartition,
  putNote,
  queryTicketIndex,
  resumeKeyOf,
  saveTicket,
  ticketWrites,
  type TicketWrites,
  TicketChanged,
  type LogInput,
  type TicketIndex,
} from './tickets.repository.ts';

export type { TicketRecord } from './ticket.entity.ts';
export { ticketPk } from './ticket.entity.ts';
export { canSeeTicket } from './ticket-visibility.ts';

const now = () => clock().now().toISOString();
const isActive = (s: TicketStatus) => activeStatuses.includes(s);

// ----- viewers and presentation -----

export const viewerOfAuth = (auth: AuthContext): TicketViewer => ({
  userId: auth.userId,
  profile: auth.profile,
  queueIds: auth.user.queueIds,
  allTicket: auth.user.allTicket,
  allowGroup: auth.user.allowGroup,
  allUserChat: auth.user.allUserChat === 'enabled' || auth.company.settings?.allUserChat === 'enabled',
});

export const viewerOfSocket = (c: SocketConnection): TicketViewer => ({
  userId: c.userId,
  profile: c.profile,
  queueIds: c.queueIds,
  allTicket: c.allTicket,
  allowGroup: c.allowGroup ?? false,
  allUserChat: c.allUserChat ?? false,
});

export const contactSnapshot = (contact: Contact): TicketContact => ({
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
    ? {
        id: contact.id,
        name: contact.name,
        number: contact.number,
        urlPicture: contact.urlPicture,
        channel: contact.channel,
        isGroup: contact.isGroup,
        active: contact.active,
        email: contact.email,
        tags: contact.tags,
      }
    : { id: contactId, name: '', number: '', urlPicture: null, channel: 'whatsapp', isGroup: false, active: true, email: '', tags: [] };

export const toTicket = (t: TicketRecord, contact?: Contact | TicketContact): Ticket => {
  const { companyId: _c, version: _v, tagIds: _t, contact: snapshot, lastInboundAt, ...rest } = t;
  const window = hasServiceWindow(t.channel) ? { serviceWindowEndsAt: serviceWindowEnd(lastInboundAt) } : {};
  return { ...rest, ...window, contact: contactSummary(contact ?? snapshot, t.contactId) };
};

/** A ticket as an agent sees it: the contact's number masked when the privacy settings say so. */
const presentTicket = (auth: AuthContext, t: TicketRecord, contact?: Contact): Ticket => {
  if (contact) return toTicket(t, presentContact(auth, contact));
  const snapshot = t.contact;
  if (snapshot && !snapshot.isGroup && hidesNumbers(auth)) return toTicket(t, { ...snapshot, number: maskNumber(snapshot.number) });
  return toTicket(t);
};

// ----- events -----

const maskedForUsers = (companySettings: Record<string, string> | undefined) =>
  companySettings?.enableLGPD === 'enabled' && companySettings?.lgpdHideNumber === 'enabled';

/**
 * Tells every agent who may see the ticket. `removed` first sends a delete (the ticket left a tab: status, user
 * or queue changed) so that inboxes drop it before the update re-files it.
 */
export const publishTicket = async (
  t: TicketRecord,
  contact: Contact | undefined,
  options: { removed?: boolean; before?: TicketRecord; settings?: Record<string, string>; maskNumber?: (n: string) => string } = {},
): Promise<void> => {
  const event = channels.ticket(t.companyId);
  const visible = (c: SocketConnection) => c.kind === 'agent' && canSeeTicket(viewerOfSocket(c), t);
  if (options.removed) {
    // whoever could see it before or can see it now drops it from its lists before the update re-files it
    const before = options.before;
    await publish(
      t.companyId,
      { event, data: { action: 'delete', ticketId: t.id } },
      (c) => visible(c) || (before !== undefined && c.kind === 'agent' && canSeeTicket(viewerOfSocket(c), before)),
    );
  }
  const plain = toTicket(t, contact);
  if (maskedForUsers(options.settings) && contact && !contact.isGroup && options.maskNumber) {
    const masked = { ...plain, contact: { ...plain.contact, number: options.maskNumber(plain.contact.number) } };
    await Promise.all([
      publish(t.companyId, { event, data: { action: 'update', ticket: plain } }, (c) => visible(c) && c.profile === 'admin'),
      publish(t.companyId, { event, data: { action: 'update', ticket: masked } }, (c) => visible(c) && c.profile !== 'admin'),
    ]);
    return;
  }
  await publish(t.companyId, { event, data: { action: 'update', ticket: plain } }, visible);
};

// ----- reading -----

const logOf = (type: string, user: LogInput['user'], queue: LogInput['queue']): LogInput => ({
  id: ids.ulid(),
  logType: type,
  user,
  queue,
  createdAt: now(),
});

const me = (auth: AuthContext) => ({ id: auth.userId, name: auth.user.name });

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

export const findTicket = (companyId: number, id: number): Promise<TicketRecord | undefined> => getTicketRecord(companyId, id, true);

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

// ----- lists -----

interface Dimension {
  key: string;
  index: TicketIndex;
  partition: string;
  /** the counter item that counts this dimension's tickets */
  counter: string;
  /** the queue of a queue partition */
  queueId?: number;
}

const statusDimension = (companyId: number, s: TicketStatus): Dimension => ({ key: `S.${s}`, index: 'gsi1', partition: `C#${companyId}#TS#${s}`, counter: `S#${s}` });

const dims = (auth: AuthContext, q: TicketListQuery): Dimension[] => {
  const viewer = viewerOfAuth(auth);
  const c = auth.companyId;
  const byStatus = (s: TicketStatus): Dimension => statusDimension(c, s);
  const byQueue = (queueId: number, s: TicketStatus): Dimension => ({
    key: `Q.${queueId}.${s}`,
    queueId,
    index: 'gsi2',
    partition: `C#${c}#TQ#${queueId}#${s}`,
    counter: `Q#${queueId}#${s}`,
  });
  const byUser = (userId: number, s: TicketStatus): Dimension => ({
    key: `U.${userId}.${s}`,
    index: 'gsi3',
    partition: `C#${c}#TU#${userId}#${s}`,
    counter: `U#${userId}#${s}`,
  });
  const myQueues = (s: TicketStatus) => [...viewer.queueIds.map((id) => byQueue(id, s)), ...(viewer.allTicket === 'enable' ? [byQueue(0, s)] : [])];
  const showAll = q.showAll === true && mayShowAll(viewer);
  switch (q.status) {
    case 'open':
      if (showAll) return viewer.profile === 'admin' ? [byStatus('open')] : myQueues('open');
      return [byUser(auth.userId, 'open')];
    case 'pending':
      if (showAll && viewer.profile === 'admin') return [byStatus('pending'), byStatus('lgpd')];
      return [...myQueues('pending'), byUser(auth.userId, 'pending')];
    case 'group':
      if (!viewer.allowGroup && viewer.profile !== 'admin') return [];
      if (showAll && viewer.profile === 'admin') return [byStatus('group')];
      return [...myQueues('group'), byUser(auth.userId, 'group')];
    case 'closed':
      if (viewer.profile === 'admin') return showAll ? [byStatus('closed')] : [byUser(auth.userId, 'closed')];
      return [...myQueues('closed'), byUser(auth.userId, 'closed')];
    default:
      return [];
  }
};

/** The partitions of one status of the status filter: a tab's status as its tab; the bot's statuses for admins. */
const statusDims = (auth: AuthContext, q: TicketListQuery, status: TicketStatus): Dimension[] => {
  if (status === 'lgpd' || status === 'nps') {
    return auth.profile === 'admin' ? [statusDimension(auth.companyId, status)] : [];
  }
  return dims(auth, { ...q, status, showAll: false });
};

const filterOf = (auth: AuthContext, q: TicketListQuery) => {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  q.tags?.forEach((id, i) => {
    parts.push(`contains(filterTagIds, :tag${i})`);
    values[`:tag${i}`] = id;
  });
  if (q.users?.length && auth.profile === 'admin') {
    parts.push(`userId IN (${q.users.map((_, i) => `:user${i}`).join(', ')})`);
    q.users.forEach((id, i) => (values[`:user${i}`] = id));
  }
  if (q.whatsapps?.length) {
    parts.push(`whatsappId IN (${q.whatsapps.map((_, i) => `:conn${i}`).join(', ')})`);
    q.whatsapps.forEach((id, i) => (values[`:conn${i}`] = id));
  }
  if (q.withUnreadMessages) {
    parts.push('unreadMessages > :zero');
    values[':zero'] = 0;
  }
  if (q.queueIds?.length) {
    parts.push(`queueId IN (${q.queueIds.map((_, i) => `:queue${i}`).join(', ')})`);
    q.queueIds.forEach((id, i) => (values[`:queue${i}`] = id));
  }
  return parts.length ? { expression: parts.join(' AND '), values, names: Object.keys(names).length ? names : undefined } : undefined;
};

type ListCursor = Record<string, Record<string, string> | null>;
/** Cursor entry (not a dimension) with the number of filtered tickets listed on the earlier pages. */
const LISTED = '#listed';
const isListCursor = (v: unknown): v is ListCursor =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => x === null || (typeof x === 'object' && !Array.isArray(x)));

export interface TicketPage {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * One page of a tab. Each dimension (status, queue or user partition of a sparse index) is read with a Query
 * of at most `limit` items; pages of several dimensions are merged by activity time; the cursor keeps where
 * each dimension stopped. The cost of a page depends on the page and the viewer's queues, never on the
 * tenant's size.
 */
export const listTickets = async (auth: AuthContext, q: TicketListQuery): Promise<TicketPage> => {
  if (q.status === 'search') {
    if (q.searchParam?.trim()) return searchTickets(auth, q);
    // the filter panel's status filter with no search text lists those statuses, each as its own tab would
    // (without show-all, as in search); no status and no text lists nothing
    if (!q.statusFilter?.length) return { tickets: [], count: 0, hasMore: false, nextCursor: null };
    const byKey = new Map(q.statusFilter.flatMap((status) => statusDims(auth, q, status)).map((d) => [d.key, d]));
    return listDimensions(auth, q, [...byKey.values()], true);
  }
  return listDimensions(auth, q, dims(auth, q), false);
};

const listDimensions = async (auth: AuthContext, q: TicketListQuery, all: Dimension[], byStatusFilter: boolean): Promise<TicketPage> => {
  // the queue selector narrows the queue partitions read; the others are filtered on the queue
  const selected = q.queueIds?.length ? new Set(q.queueIds) : undefined;
  const dimensions = all.filter((d) => !selected || d.index !== 'gsi2' || d.queueId === undefined || selected.has(d.queueId));
  const cursor = decodeCursor(q.cursor, isListCursor) ?? {};
  const forward = q.sortTickets === 'ASC';
  const filter = filterOf(auth, q);
  const viewer = viewerOfAuth(auth);
  const live = dimensions.filter((d) => cursor[d.key] !== null);
  // the tab's count is read alongside the page: a page is one round trip
  const countersRead = getCounters(auth.companyId, dimensions.map((d) => d.counter));

  const pages = await Promise.all(
    live.map(async (d) => {
      const start = cursor[d.key];
      const startKey = start && Object.keys(start).length > 0 ? start : undefined;
      return { d, page: await queryTicketIndex(d.index, d.partition, { limit: q.limit, forward, startKey, filter }) };
    }),
  );
  const sortKey = (t: TicketRecord) => `${t.updatedAt}#${String(t.id).padStart(10, '0')}`;
  const merged = pages
    .flatMap(({ d, page }) => page.items.map((t) => ({ d, t })))
    .sort((a, b) => (forward ? sortKey(a.t).localeCompare(sortKey(b.t)) : sortKey(b.t).localeCompare(sortKey(a.t))));
  // the page: the first `limit` distinct tickets of the merged order; everything before the cut is consumed
  const seen = new Set<number>();
  let cut = 0;
  const chosen: TicketRecord[] = [];
  while (cut < merged.length && chosen.length < q.limit) {
    const { t } = merged[cut]!;
    if (!seen.has(t.id)) {
      seen.add(t.id);
      chosen.push(t);
    }
    cut++;
  }
  const next: ListCursor = {};
  for (const d of dimensions) {
    if (cursor[d.key] === null) {
      next[d.key] = null;
      continue;
    }
    const page = pages.find((p) => p.d.key === d.key)!.page;
    const mine = merged.filter((e) => e.d.key === d.key);
    const consumed = merged.slice(0, cut).filter((e) => e.d.key === d.key);
    if (consumed.length === mine.length) next[d.key] = page.lastKey ?? null;
    else if (consumed.length > 0) next[d.key] = resumeKeyOf(d.index, consumed[consumed.length - 1]!.t);
    else next[d.key] = cursor[d.key] ?? {};
  }
  const hasMore = Object.values(next).some((v) => v !== null);
  const visible = chosen.filter((t) => canSeeTicket(viewer, t));
  const counters = await countersRead;
  // the tab's counters count every ticket of the tab; with a filter (unread, tags, users, connections) the count
  // is what the filter let through so far, carried in the cursor, and exact once hasMore is false
  const narrowed = Boolean(byStatusFilter || q.withUnreadMessages || q.tags?.length || q.whatsapps?.length || (q.users?.length && auth.profile === 'admin'));
  const listedBefore = Number(cursor[LISTED]?.n ?? 0) || 0;
  const count = narrowed
    ? listedBefore + visible.length
    : [...new Set(dimensions.map((d) => d.counter))].reduce((sum, k) => sum + Math.max(0, counters.get(k) ?? 0), 0);
  if (narrowed && hasMore) next[LISTED] = { n: String(listedBefore + visible.length) };
  return {
    tickets: visible.map((t) => presentTicket(auth, t)),
    count,
    hasMore,
    nextCursor: hasMore ? encodeCursor(next) : null,
  };
};

/** Search: contacts matching by name or number, then their newest tickets the caller may see. */
const searchTickets = async (auth: AuthContext, q: TicketListQuery): Promise<TicketPage> => {
  const text = q.searchParam?.trim() ?? '';
  if (!text) return { tickets: [], count: 0, hasMore: false, nextCursor: null };
  const viewer = viewerOfAuth(auth);
  const [contactIds, messageTicketIds] = await Promise.all([
    searchContactIds(auth.companyId, text, q.limit, hidesNumbers(auth)),
    q.searchOnMessages ? searchMessageTicketIds(auth.companyId, text, q.limit * 3) : Promise.resolve([]),
  ]);
  const [perContact, byMessages] = await Promise.all([
    Promise.all(contactIds.map((id) => queryTicketIndex('gsi4', `C#${auth.companyId}#TC#${String(id).padStart(10, '0')}`, { limit: 5, forward: false }))),
    getTicketRecords(auth.companyId, messageTicketIds),
  ]);
  const statusFilter = q.statusFilter?.length ? new Set(q.statusFilter) : undefined;
  const found = [...perContact.flatMap((p) => p.items), ...byMessages]
    .filter((t) => canSeeTicket(viewer, t))
    .filter((t) => !statusFilter || statusFilter.has(t.status))
    .filter((t) => !q.whatsapps?.length || q.whatsapps.includes(t.whatsappId))
    .filter((t) => !q.tags?.length || q.tags.every((tag) => filterTagIds(t).includes(tag)))
    .filter((t) => !q.users?.length || (t.userId !== null && q.users.includes(t.userId)))
    .filter((t) => !q.queueIds?.length || (t.queueId !== null && q.queueIds.includes(t.queueId)));
  // newest ticket per contact and connection
  const newest = new Map<string, TicketRecord>();
  for (const t of found) {
    const k = `${t.contactId}:${t.whatsappId}`;
    if (!newest.has(k) || newest.get(k)!.updatedAt < t.updatedAt) newest.set(k, t);
  }
  const page = [...newest.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, q.limit);
  return { tickets: page.map((t) => presentTicket(auth, t)), count: page.length, hasMore: false, nextCursor: null };
};

// ----- creation -----

const newTicketRecord = (
  companyId: number,
  id: number,
  connection: ConnectionRecord,
  contact: Contact,
  fields: Partial<TicketRecord>,
): TicketRecord => {
  const at = now();
  return {
    id,
    uuid: ids.uuid(),
    companyId,
    status: 'pending',
    queueId: null,
    queue: null,
    userId: null,
    user: null,
    contactId: contact.id,
    contact: contactSnapshot(contact),
    whatsappId: connection.id,
    whatsapp: toConnectionSummary(connection),
    channel: connection.channel,
    isGroup: contact.isGroup,
    isBot: !contact.isGroup,
    useIntegration: false,
    tags: [],
    tagIds: [],
    lastMessage: '',
    fromMe: false,
    unreadMessages: 0,
    amountUsedBotQueues: 0,
    createdAt: at,
    updatedAt: at,
    closedAt: null,
    version: 1,
    ...fields,
  };
};

const otherOpenTicketError = (t: TicketRecord) =>
  new AppError('ERR_OTHER_OPEN_TICKET', undefined, {
    details: { id: t.id, uuid: t.uuid, status: t.status, userId: t.userId, user: t.user, queue: t.queue },
  });

/** POST /tickets: an agent starts a conversation with a contact (spec: conflict answers who holds it). */
export const createTicket = async (
  auth: AuthContext,
  body: { contactId: number; queueId: number; whatsappId?: number; userId?: number },
): Promise<Ticket> => {
  const contact = await getContact(auth.companyId, body.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  if (!contact.active) throw new AppError('ERR_NO_PERMISSION', 'The contact is blocked');
  const queue = await findQueue(auth.companyId, body.queueId);
  if (!queue) throw new AppError('ERR_VALIDATION', 'Unknown queue', { fields: [{ path: 'body.queueId', message: 'Selecione uma fila' }] });
  const connection = body.whatsappId
    ? await requireConnection(auth.companyId, body.whatsappId)
    : await defaultConnection(auth.companyId);
  const userId = body.userId ?? auth.userId;
  const user = userId === auth.userId ? me(auth) : await userSummaryOf(auth.companyId, userId);

  const current = await getConversation(auth.companyId, contact.id, connection.id);
  if (current?.active) {
    const held = await getTicketRecord(auth.companyId, current.ticketId, true);
    if (held) throw otherOpenTicketError(held);
  }
  const t = newTicketRecord(auth.companyId, await nextId(companyPk(auth.companyId), 'ticket'), connection, contact, {
    previousTicketId: current?.ticketId ?? null,
    status: contact.isGroup ? 'group' : 'open',
    queueId: queue.id,
    queue,
    userId,
    user,
    isBot: false,
  });
  try {
    await insertTicket(t, logOf('create', me(auth), queue));
  } catch (error) {
    if (error instanceof ConversationTaken) {
      const held = await getTicketRecord(auth.companyId, error.ticketId, true);
      if (held) throw otherOpenTicketError(held);
    }
    throw error;
  }
  await publishTicket(t, contact, publishOptions(auth));
  return presentTicket(auth, t, contact);
};

const userSummaryOf = async (companyId: number, userId: number) => {
  const user = await findUser(companyId, userId);
  if (!user) throw new AppError('ERR_VALIDATION', 'Unknown user', { fields: [{ path: 'body.userId', message: 'Unknown user' }] });
  return { id: user.id, name: user.name };
};

const publishOptions = (auth: AuthContext) => ({ settings: auth.company.settings as Record<string, string> | undefined, maskNumber });

export interface InboundTicketResult {
  ticket: TicketRecord;
  created: boolean;
  reopened: boolean;
}

/**
 * The ticket an inbound message belongs to (server reference 1.3): the running one; else a closed one reopened
 * within the connection's timeCreateNewTicket minutes; else a new pending ticket (group status for groups whose
 * connection does not treat groups as tickets). Two events of one new contact at once create one ticket: the
 * loser of the conversation condition takes the winner's ticket.
 */
export const ticketForInbound = async (
  companyId: number,
  connection: ConnectionRecord,
  contact: Contact,
  at: string,
  /** old history of an import: a closed conversation is not reopened, a new ticket is marked imported and goes to the import's queue */
  options: { imported?: boolean } = {},
): Promise<InboundTicketResult> => {
  const cacheKey = `${companyId}:${contact.id}:${connection.id}`;
  const remembered = runningTickets.peek(cacheKey);
  if (remembered !== undefined) {
    // an active ticket of this contact and connection is its running conversation: the pointer and the status
    // change together, so the pointer need not be read
    const t = await getTicketRecord(companyId, remembered, true);
    if (t && isActive(t.status) && t.contactId === contact.id && t.whatsappId === connection.id) return { ticket: t, created: false, reopened: false };
    runningTickets.forget(cacheKey);
  }
  const found = await runningOrNewTicket(companyId, connection, contact, at, options.imported === true);
  runningTickets.set(cacheKey, found.ticket.id);
  return found;
};

/** The latest ticket of a contact's conversation on a connection (running or closed), without creating one. */
export const conversationTicketId = async (companyId: number, contactId: number, connectionId: number): Promise<number | undefined> =>
  (await getConversation(companyId, contactId, connectionId))?.ticketId;

/** Which ticket each contact's conversation on a connection runs in, remembered per instance (checked on use). */
const runningTickets = ttlCache<string, number>(10 * 60_000, 10_000);

const runningOrNewTicket = async (
  companyId: number,
  connection: ConnectionRecord,
  contact: Contact,
  at: string,
  imported = false,
): Promise<InboundTicketResult> => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const conv = await getConversation(companyId, contact.id, connection.id);
    if (conv?.active) {
      const t = await getTicketRecord(companyId, conv.ticketId, true);
      if (t && isActive(t.status)) return { ticket: t, created: false, reopened: false };
    }
    if (conv && !conv.active && connection.timeCreateNewTicket > 0 && !imported) {
      const last = await getTicketRecord(companyId, conv.ticketId, true);
      const withinWindow = last && Date.parse(at) - Date.parse(last.updatedAt) <= connection.timeCreateNewTicket * 60_000;
      if (last && withinWindow && last.status === 'closed') {
        try {
          const reopened = await saveTicket(last, { ...last, status: 'pending', closedAt: null, updatedAt: now() }, {
            conversation: 'activate',
            logs: [logOf('reopen', null, last.queue)],
          });
          return { ticket: reopened, created: false, reopened: true };
        } catch (error) {
          if (error instanceof ConversationTaken || error instanceof TicketChanged) continue;
          throw error;
        }
      }
    }
    const groupStatus = contact.isGroup && connection.groupAsTicket !== 'enabled';
    // imported history goes to the import's queue (server reference 1.2, step 10)
    const queueId = imported ? (connection.queueIdImportMessages ?? null) : connection.queueIds.length === 1 ? connection.queueIds[0]! : null;
    const queue = queueId ? ((await findQueue(companyId, queueId)) ?? null) : null;
    const t = newTicketRecord(companyId, await nextId(companyPk(companyId), 'ticket'), connection, contact, {
      previousTicketId: conv?.ticketId ?? null,
      status: groupStatus ? 'group' : 'pending',
      queueId: queue?.id ?? null,
      queue,
      ...(imported ? { imported: now(), isBot: false } : {}),
    });
    try {
      await insertTicket(t, logOf('create', null, queue));
      return { ticket: t, created: true, reopened: false };
    } catch (error) {
      if (error instanceof ConversationTaken) continue;
      throw error;
    }
  }
  throw new AppError('ERR_CREATING_TICKET');
};

/** Applies a change to a ticket, re-reading and retrying when someone else changed it in between. */
export const changeTicket = async (
  companyId: number,
  id: number,
  change: (t: TicketRecord) => { after: TicketRecord; logs?: LogInput[]; conversation?: 'activate' | 'deactivate' | 'keep' } | undefined,
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

/** The ticket as stored now (a strongly consistent read). */
export const currentTicket = (companyId: number, id: number) => getTicketRecord(companyId, id, true);

export const markTicketRead = async (t: TicketRecord): Promise<TicketRecord> => {
  const changed = await changeTicket(t.companyId, t.id, (cur) => (cur.unreadMessages === 0 ? undefined : { after: { ...cur, unreadMessages: 0 } }));
  if (!changed) return t;
  await publish(t.companyId, { event: channels.ticket(t.companyId), data: { action: 'updateUnread', ticketId: t.id } }, (c) => c.kind === 'agent' && canSeeTicket(viewerOfSocket(c), changed.after));
  return changed.after;
};

// ----- scheduled messages -----

/**
 * The ticket a scheduled message goes out in (server reference section 7): the contact's running ticket on the
 * connection, or a new one. With `open`, the ticket is opened for the schedule's user and queue first, as an
 * agent accepting it would.
 */
export const ticketForScheduledMessage = async (
  companyId: number,
  connection: ConnectionRecord,
  contact: Contact,
  open: { userId: number | null; queueId: number | null } | undefined,
): Promise<{ ticket: TicketRecord; created: boolean }> => {
  const found = await ticketForInbound(companyId, connection, contact, now());
  if (!open) return { ticket: found.ticket, created: found.created };
  const user = open.userId ? await findUser(companyId, open.userId) : undefined;
  const queue = open.queueId ? ((await findQueue(companyId, open.queueId)) ?? null) : null;
  const changed = await changeTicket(
    companyId,
    found.ticket.id,
    (t) => ({
      after: {
        ...t,
        status: t.isGroup ? 'group' : 'open',
        closedAt: null,
        isBot: false,
        updatedAt: now(),
        ...(user ? { userId: user.id, user: { id: user.id, name: user.name } } : {}),
        ...(queue ? { queueId: queue.id, queue } : {}),
      },
      logs: [logOf('open', user ? { id: user.id, name: user.name } : t.user, queue ?? t.queue)],
      conversation: t.status === 'closed' ? 'activate' : 'keep',
    }),
    found.ticket,
  );
  const ticket = changed?.after ?? found.ticket;
  if (changed) await publishTicket(ticket, contact, { removed: changed.before.status !== ticket.status, before: changed.before, maskNumber });
  return { ticket, created: found.created };
};

/** Closes a ticket an import created (POST /closedimported), without a farewell; a closed one stays as it is. */
export const closeImportedTicket = async (companyId: number, ticketId: number): Promise<boolean> => {
  const changed = await changeTicket(companyId, ticketId, (cur) => {
    if (cur.status === 'closed') return undefined;
    const at = now();
    return {
      after: { ...cur, status: 'closed', closedAt: at, updatedAt: at, unreadMessages: 0, amountUsedBotQueues: 0, isBot: false },
      logs: [logOf('closed', cur.user, cur.queue)],
      conversation: 'deactivate',
    };
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'ERR_NO_TICKET_FOUND') return undefined;
    throw error;
  });
  if (!changed) return false;
  await publishTicket(changed.after, undefined, { removed: true, before: changed.before, maskNumber });
  return true;
};

/** Resolves a ticket after a scheduled message went out in it (the schedule's statusTicket 'closed'). */
export const closeTicketAfterSchedule = async (t: TicketRecord, contact: Contact): Promise<TicketRecord> => {
  const changed = await changeTicket(t.companyId, t.id, (cur) => {
    if (cur.status === 'closed') return undefined;
    const at = now();
    return {
      after: { ...cur, status: 'closed', closedAt: at, updatedAt: at, unreadMessages: 0, amountUsedBotQueues: 0, isBot: false },
      logs: [logOf('closed', cur.user, cur.queue)],
      conversation: 'deactivate',
    };
  });
  if (!changed) return t;
  await publishTicket(changed.after, contact, { removed: true, before: changed.before, maskNumber });
  return changed.after;
};

// ----- transitions -----

export interface TransitionEffects {
  /** closing asked for the farewell to be sent to the customer */
  farewell?: boolean;
  /** the transfer note to store as a private message */
  transferNote?: string;
}

/**
 * PUT /tickets/{id}: accept, return to queue, resolve, reopen, transfer, ignore (spec document 1 section 4).
 * Answers the ticket and what the caller still has to send.
 */
export const updateTicket = async (
  auth: AuthContext,
  id: number,
  body: UpdateTicketBody,
): Promise<{ ticket: Ticket; record: TicketRecord; effects: TransitionEffects; contact: Contact | undefined }> => {
  const current = await requireVisibleTicket(auth, id).catch(async (error: unknown) => {
    // accepting a ticket another agent took a moment ago: answer who holds it, for the already-taken dialog
    const held = body.status === 'open' && error instanceof AppError && error.code === 'ERR_NO_PERMISSION' ? await getTicketRecord(auth.companyId, id, true) : undefined;
    throw held?.userId ? otherOpenTicketError(held) : error;
  });
  const contact = await getContact(auth.companyId, current.contactId);
  const targetUserId = body.userId === undefined ? undefined : body.userId;
  const targetUser = targetUserId ? (targetUserId === auth.userId ? me(auth) : await userSummaryOf(auth.companyId, targetUserId)) : targetUserId === null ? null : undefined;
  const targetQueue = body.queueId ? await findQueue(auth.companyId, body.queueId) : body.queueId === null ? null : undefined;
  if (body.queueId && !targetQueue) throw new AppError('ERR_VALIDATION', 'Unknown queue', { fields: [{ path: 'body.queueId', message: 'Selecione uma fila' }] });
  const effects: TransitionEffects = {};

  if (body.status === 'closed') {
    const closingPending = current.status === 'pending' || current.status === 'lgpd';
    if (closingPending && auth.profile !== 'admin' && auth.user.userClosePendingTicket !== 'enabled') throw new AppError('ERR_NO_PERMISSION');
    if (auth.company.settings?.requiredTag === 'enabled' && (contact?.tags.length ?? 0) === 0 && current.tags.length === 0) {
      throw new AppError('ERR_TICKET_TAG_REQUIRED');
    }
  }

  const changed = await changeTicket(auth.companyId, id, (t) => {
    const at = now();
    const base = { ...t, updatedAt: at };
    switch (body.status) {
      case 'closed': {
        if (t.status === 'closed') return undefined;
        const farewell = body.sendFarewellMessage !== false && t.status !== 'pending' && t.status !== 'lgpd';
        if (farewell) effects.farewell = true;
        return {
          after: {
            ...base,
            status: 'closed',
            closedAt: at,
            unreadMessages: 0,
            amountUsedBotQueues: 0,
            isBot: false,
            useIntegration: false,
            userId: t.userId ?? auth.userId,
            user: t.user ?? me(auth),
          },
          logs: [logOf('closed', me(auth), t.queue)],
          conversation: 'deactivate',
        };
      }
      case 'pending': {
        if (body.isTransfered) break;
        return {
          after: { ...base, status: 'pending', userId: null, user: null, ...(targetQueue !== undefined ? { queueId: targetQueue?.id ?? null, queue: targetQueue } : {}) },
          logs: [logOf('pending', t.user, t.queue)],
          conversation: 'keep',
        };
      }
      case 'open':
      case 'group': {
        if (body.isTransfered) break;
        const userId = targetUserId ?? auth.userId;
        const user = targetUser ?? me(auth);
        if (t.status === 'pending' || t.status === 'lgpd') {
          // accepting: only a ticket nobody else holds
          if (t.userId !== null && t.userId !== userId) throw otherOpenTicketError(t);
          return {
            after: { ...base, status: t.isGroup ? 'group' : 'open', userId, user, isBot: false, unreadMessages: 0, ...(targetQueue ? { queueId: targetQueue.id, queue: targetQueue } : {}) },
            logs: [logOf('open', user, targetQueue ?? t.queue)],
            conversation: 'keep',
          };
        }
        if (t.status === 'closed') {
          return {
            after: { ...base, status: t.isGroup ? 'group' : 'open', closedAt: null, userId, user, isBot: false, ...(targetQueue ? { queueId: targetQueue.id, queue: targetQueue } : {}) },
            logs: [logOf('reopen', user, targetQueue ?? t.queue)],
            conversation: 'activate',
          };
        }
        if (t.userId !== null && t.userId !== auth.userId && auth.profile !== 'admin') throw otherOpenTicketError(t);
        return { after: { ...base, userId, user }, logs: [], conversation: 'keep' };
      }
      default:
        break;
    }
    if (body.isTransfered || body.queueId !== undefined || body.userId !== undefined) {
      const userId = targetUserId === undefined ? t.userId : targetUserId;
      const user = targetUser === undefined ? t.user : targetUser;
      const queue = targetQueue === undefined ? t.queue : targetQueue;
      const status: TicketStatus = userId ? (t.isGroup ? 'group' : 'open') : 'pending';
      if (body.msgTransfer?.trim()) effects.transferNote = body.msgTransfer.trim();
      const logs = [logOf('transfered', t.user ?? me(auth), t.queue)];
      if (userId) logs.push(logOf('receivedTransfer', user, queue));
      return {
        after: { ...base, status, userId, user, queueId: queue?.id ?? null, queue, isBot: false },
        logs,
        conversation: t.status === 'closed' ? 'activate' : 'keep',
      };
    }
    // plain field changes (bot and integration switches)
    return {
      after: {
        ...base,
        ...(body.isBot !== undefined ? { isBot: body.isBot } : {}),
        ...(body.useIntegration !== undefined ? { useIntegration: body.useIntegration } : {}),
        ...(body.amountUsedBotQueues !== undefined ? { amountUsedBotQueues: body.amountUsedBotQueues } : {}),
      },
      conversation: 'keep',
    };
  }).catch(async (error: unknown) => {
    if (error instanceof ConversationTaken) {
      // reopening while the contact already has a running ticket on this connection: answer that one (reference 3.2)
      const other = await getTicketRecord(auth.companyId, error.ticketId, true);
      if (other) return { before: other, after: other, other: true as const };
    }
    throw error;
  });

  const record = changed?.after ?? current;
  if (changed && !('other' in changed)) {
    const moved = changed.before.status !== record.status || changed.before.userId !== record.userId || changed.before.queueId !== record.queueId;
    await publishTicket(record, contact, { ...publishOptions(auth), removed: moved, before: changed.before });
  }
  return { ticket: presentTicket(auth, record, contact), record, effects, contact };
};

export const deleteTicket = async (auth: AuthContext, id: number): Promise<void> => {
  if (!can(viewerOf(auth), 'ticket-options:deleteTicket')) throw new AppError('ERR_NO_PERMISSION');
  const t = await getTicketRecord(auth.companyId, id, true);
  if (!t) throw new AppError('ERR_NO_TICKET_FOUND');
  await deleteTicketItems(t);
  // the messages, logs and notes go in the background: a long conversation must not slow the answer down
  await enqueueJob({ type: 'tickets.purge', companyId: auth.companyId, ticketId: id });
  await publish(auth.companyId, { event: channels.ticket(auth.companyId), data: { action: 'delete', ticketId: id } }, (c) => c.kind === 'agent' && canSeeTicket(viewerOfSocket(c), t));
};

const CLOSE_ALL_CONCURRENCY = 8;

/** Closes every ticket of the status in the chosen queues (admin), without farewells; answers how many. */
export const closeAllTickets = async (auth: AuthContext, body: { status: 'open' | 'pending'; selectedQueueIds: number[] }): Promise<{ closed: number }> => {
  if (auth.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION');
  const partitions = body.selectedQueueIds.length
    ? body.selectedQueueIds.map((q) => ({ index: 'gsi2' as const, pk: `C#${auth.companyId}#TQ#${q}#${body.status}` }))
    : [{ index: 'gsi1' as const, pk: `C#${auth.companyId}#TS#${body.status}` }];
  let closed = 0;
  for (const p of partitions) {
    let startKey: Record<string, string> | undefined;
    do {
      const page = await queryTicketIndex(p.index, p.pk, { limit: 100, forward: true, startKey });
      // a few at a time: a queue of hundreds closes within the request's time, without flooding the table
      for (let i = 0; i < page.items.length; i += CLOSE_ALL_CONCURRENCY) {
        const results = await Promise.all(
          page.items
            .slice(i, i + CLOSE_ALL_CONCURRENCY)
            .map((t) => updateTicket(auth, t.id, { status: 'closed', sendFarewellMessage: false, amountUsedBotQueues: 0 }).catch(() => undefined)),
        );
        closed += results.filter((r) => r?.record.status === 'closed').length;
      }
      startKey = page.lastKey;
    } while (startKey);
  }
  return { closed };
};

// ----- logs, notes, tags -----

export const ticketLogs = async (auth: AuthContext, id: number): Promise<TicketLog[]> => {
  await requireVisibleTicket(auth, id);
  const items = await listLogItems(auth.companyId, id);
  return items.map((l) => ({ id: l.id, type: l.logType as TicketLog['type'], ticketId: l.ticketId, user: l.user, queue: l.queue, createdAt: l.createdAt }));
};

const noteId = (ticketId: number, ulid: string) => `${ticketId}-${ulid}`;
const parseNoteId = (id: string) => {
  const m = /^(\d+)-([0-9A-HJKMNP-TV-Z]{26})$/.exec(id);
  if (!m) throw new AppError('ERR_NOT_FOUND');
  return { ticketId: Number(m[1]), ulid: m[2]! };
};

export const listNotes = async (auth: AuthContext, q: { ticketId: number; contactId: number }): Promise<TicketNote[]> => {
  const t = await requireVisibleTicket(auth, q.ticketId);
  if (t.contactId !== q.contactId) return [];
  return (await listNoteItems(auth.companyId, t.id)).map((n) => ({ id: n.id, note: n.note, ticketId: n.ticketId, contactId: n.contactId, user: n.user, createdAt: n.createdAt }));
};

export const addNote = async (auth: AuthContext, body: { note: string; ticketId: number; contactId: number }): Promise<TicketNote> => {
  const t = await requireVisibleTicket(auth, body.ticketId);
  if (t.contactId !== body.contactId) throw new AppError('ERR_VALIDATION', 'The contact is not the ticket contact', { fields: [{ path: 'body.contactId', message: 'Not the ticket contact' }] });
  const ulid = ids.ulid();
  const note = { id: noteId(t.id, ulid), note: body.note, ticketId: t.id, contactId: t.contactId, user: me(auth), createdAt: now() };
  await putNote({ pk: `C#${auth.companyId}#T#${String(t.id).padStart(10, '0')}`, sk: `NOTE#${ulid}`, type: 'ticketNote', companyId: auth.companyId, ...note });
  return note;
};

/** Deleting a note is for admins (server reference 3.3). */
export const removeNote = async (auth: AuthContext, id: string): Promise<void> => {
  const { ticketId, ulid } = parseNoteId(id);
  const note = await getNoteItem(auth.companyId, ticketId, ulid);
  if (!note) throw new AppError('ERR_NOT_FOUND');
  if (auth.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION');
  await deleteNoteItem(auth.companyId, ticketId, ulid);
};

export const addTicketTag = async (auth: AuthContext, ticketId: number, tagId: number): Promise<Ticket> => {
  await requireVisibleTicket(auth, ticketId);
  const tag = await getTag(auth.companyId, tagId);
  if (!tag) throw new AppError('ERR_NOT_FOUND', 'Unknown tag');
  const changed = await changeTicket(auth.companyId, ticketId, (t) =>
    t.tags.some((x) => x.id === tag.id)
      ? undefined
      : { after: { ...t, tags: [...t.tags, { id: tag.id, name: tag.name, color: tag.color, kanban: tag.kanban }], tagIds: [...(t.tagIds ?? []), tag.id] } },
  );
  const record = changed?.after ?? (await getTicketRecord(auth.companyId, ticketId, true))!;
  const contact = await getContact(auth.companyId, record.contactId);
  if (changed) await publishTicket(record, contact, publishOptions(auth));
  return presentTicket(auth, record, contact);
};

/** Removes the ticket's kanban tags (server reference 3.3). */
export const removeTicketKanbanTags = async (auth: AuthContext, ticketId: number): Promise<Ticket> => {
  await requireVisibleTicket(auth, ticketId);
  const changed = await changeTicket(auth.companyId, ticketId, (t) => {
    const kept = t.tags.filter((x) => x.kanban !== 1);
    return kept.length === t.tags.length ? undefined : { after: { ...t, tags: kept, tagIds: kept.map((x) => x.id) } };
  });
  const record = changed?.after ?? (await getTicketRecord(auth.companyId, ticketId, true))!;
  const contact = await getContact(auth.companyId, record.contactId);
  if (changed) await publishTicket(record, contact, publishOptions(auth));
  return presentTicket(auth, record, contact);
};

export const ticketsByIds = (companyId: number, idsList: number[]) => getTicketRecords(companyId, idsList);

/** The newest tickets of a contact (all connections), for the web chat visitor's history. */
export const contactTickets = async (companyId: number, contactId: number, limit: number): Promise<TicketRecord[]> =>
  (await queryTicketIndex('gsi4', `C#${companyId}#TC#${String(contactId).padStart(10, '0')}`, { limit, forward: false })).items;

const sameSnapshot = (a: TicketContact | undefined, b: TicketContact) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Copies a contact's current details onto its tickets (the lists read them there). Runs as a job after every
 * contact change; tickets already in step are left alone, so running it twice changes nothing.
 */
export const refreshContactOnTickets = async (companyId: number, contactId: number): Promise<number> => {
  const contact = await getContact(companyId, contactId);
  if (!contact) return 0;
  const snapshot = contactSnapshot(contact);
  let changed = 0;
  let startKey: Record<string, string> | undefined;
  do {
    const page = await queryTicketIndex('gsi4', `C#${companyId}#TC#${String(contactId).padStart(10, '0')}`, { limit: 100, forward: false, startKey });
    for (const t of page.items) {
      if (sameSnapshot(t.contact, snapshot)) continue;
      const result = await changeTicket(companyId, t.id, (cur) => (sameSnapshot(cur.contact, snapshot) ? undefined : { after: { ...cur, contact: snapshot } }), t);
      if (result) {
        changed++;
        if (isActive(result.after.status)) await publishTicket(result.after, contact);
      }
    }
    startKey = page.lastKey;
  } while (startKey);
  return changed;
};

/** Removes a deleted ticket's messages, logs and notes; nothing is left to remove the second time. */
export const purgeDeletedTicket = async (companyId: number, ticketId: number): Promise<number> => {
  if (await getTicketRecord(companyId, ticketId, true)) return 0;
  return purgeTicketPartition(companyId, ticketId);
};
