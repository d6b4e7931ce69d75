/**
 * The ticket lists: one page of a tab (status, queue and user partitions merged by activity, cursor paging),
 * the search by contact and message text, and the tickets of a contact.
 */
import { type Ticket, type TicketListQuery, type TicketStatus } from '@switchboard/shared/contracts/tickets';
import type { AuthContext } from '../../platform/http/types.ts';
import { decodeCursor, encodeCursor } from '../../platform/table/cursor.ts';
import { hidesNumbers } from '../contacts/contact-privacy.service.ts';
import { searchContactIds } from '../contacts/contact-search.service.ts';
import { searchMessageTicketIds } from '../message-search/message-search.service.ts';
import { canSeeTicket, mayShowAll, viewerOfAuth } from './ticket-visibility.service.ts';
import { filterTagIds, listedStatus, type TicketRecord } from './ticket.entity.ts';
import { getCounters, queryTicketIndex, resumeKeyOf, type TicketIndex } from './ticket-lists.repository.ts';
import { getTicketRecords } from './tickets.repository.ts';
import { presentTicket } from './tickets.service.ts';

// ----- lists -----

interface Dimension {
  key: string;
  index: TicketIndex;
  partition: string;
  /** the counter item that counts this dimension's tickets */
  counter: string;
  /** the queue of a queue partition */
  queueId?: number;
  /** counters of tickets this dimension shares with another of the tab, subtracted once from the tab's count */
  overlaps?: string[];
  /** what the partition holds, so that a ticket found another way (a search) can be told to be in it */
  holds: { status: string; queueId?: number; userId?: number };
}

const statusDimension = (companyId: number, s: TicketStatus): Dimension => ({
  key: `S.${s}`,
  index: 'gsi1',
  partition: `C#${companyId}#TS#${s}`,
  counter: `S#${s}`,
  holds: { status: s },
});

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
    holds: { status: s, queueId },
  });
  const byUser = (userId: number, s: TicketStatus): Dimension => ({
    key: `U.${userId}.${s}`,
    index: 'gsi3',
    partition: `C#${c}#TU#${userId}#${s}`,
    counter: `U#${userId}#${s}`,
    holds: { status: s, userId },
  });
  const myQueueIds = [...viewer.queueIds, ...(viewer.allTicket === 'enable' ? [0] : [])];
  const myQueues = (s: TicketStatus) => myQueueIds.map((id) => byQueue(id, s));
  // the caller's own tickets, beside their queues': those in one of the queues are in both partitions
  const mine = (s: TicketStatus): Dimension => ({
    ...byUser(auth.userId, s),
    overlaps: myQueueIds.map((id) => `QU#${id}#${auth.userId}#${s}`),
  });
  const showAll = q.showAll === true && mayShowAll(viewer);
  switch (q.status) {
    case 'open':
      if (showAll) return viewer.profile === 'admin' ? [byStatus('open')] : myQueues('open');
      return [byUser(auth.userId, 'open')];
    case 'pending':
      if (showAll && viewer.profile === 'admin') return [byStatus('pending'), byStatus('lgpd')];
      return [...myQueues('pending'), mine('pending')];
    case 'group':
      if (!viewer.allowGroup && viewer.profile !== 'admin') return [];
      if (showAll && viewer.profile === 'admin') return [byStatus('group')];
      return [...myQueues('group'), mine('group')];
    case 'closed':
      if (viewer.profile === 'admin') return showAll ? [byStatus('closed')] : [byUser(auth.userId, 'closed')];
      return [...myQueues('closed'), mine('closed')];
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
  return parts.length
    ? { expression: parts.join(' AND '), values, names: Object.keys(names).length ? names : undefined }
    : undefined;
};

type ListCursor = Record<string, Record<string, string> | null>;
/** Cursor entry (not a dimension) with the number of filtered tickets listed on the earlier pages. */
const LISTED = '#listed';
const isListCursor = (v: unknown): v is ListCursor =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => x === null || (typeof x === 'object' && !Array.isArray(x)));

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
  // a search text searches whatever tab is asked: the search tab finds every ticket the caller may see, another
  // tab only the tickets it lists (its statuses, queues and owner)
  if (q.searchParam?.trim()) return searchTickets(auth, q, q.status === 'search' ? undefined : dims(auth, q));
  if (q.status === 'search') {
    // the filter panel's status filter with no search text lists those statuses, each as its own tab would
    // (without show-all, as in search); no status and no text lists nothing
    if (!q.statusFilter?.length) return { tickets: [], count: 0, hasMore: false, nextCursor: null };
    const byKey = new Map(q.statusFilter.flatMap((status) => statusDims(auth, q, status)).map((d) => [d.key, d]));
    return listDimensions(auth, q, [...byKey.values()], true);
  }
  return listDimensions(auth, q, dims(auth, q), false);
};

const listDimensions = async (
  auth: AuthContext,
  q: TicketListQuery,
  all: Dimension[],
  byStatusFilter: boolean,
): Promise<TicketPage> => {
  // the queue selector narrows the queue partitions read; the others are filtered on the queue
  const selected = q.queueIds?.length ? new Set(q.queueIds) : undefined;
  const dimensions = all.filter((d) => !selected || d.index !== 'gsi2' || d.queueId === undefined || selected.has(d.queueId));
  // the partitions read are the caller's (their user and queues), so a cursor is the caller's own
  const { cursor: given, limit: _limit, ...filters } = q;
  const scope = { list: 'tickets.list', companyId: auth.companyId, filters: { ...filters, userId: auth.userId } };
  const cursor = (await decodeCursor(given, scope, isListCursor)) ?? {};
  const forward = q.sortTickets === 'ASC';
  const filter = filterOf(auth, q);
  const viewer = viewerOfAuth(auth);
  const live = dimensions.filter((d) => cursor[d.key] !== null);
  // the tab's count is read alongside the page: a page is one round trip
  const overlaps = [...new Set(dimensions.flatMap((d) => d.overlaps ?? []))];
  const countersRead = getCounters(auth.companyId, [...dimensions.map((d) => d.counter), ...overlaps]);

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
  const narrowed = Boolean(
    byStatusFilter ||
    q.withUnreadMessages ||
    q.tags?.length ||
    q.whatsapps?.length ||
    (q.users?.length && auth.profile === 'admin'),
  );
  const listedBefore = Number(cursor[LISTED]?.n ?? 0) || 0;
  const total = (keys: string[]) => keys.reduce((sum, k) => sum + Math.max(0, counters.get(k) ?? 0), 0);
  const count = narrowed
    ? listedBefore + visible.length
    : Math.max(0, total([...new Set(dimensions.map((d) => d.counter))]) - total(overlaps));
  if (narrowed && hasMore) next[LISTED] = { n: String(listedBefore + visible.length) };
  return {
    tickets: visible.map((t) => presentTicket(auth, t)),
    count,
    hasMore,
    nextCursor: hasMore ? await encodeCursor(next, scope) : null,
  };
};

/** Whether a ticket is one a partition of a tab lists (a superseded closed ticket is in no closed list). */
const inDimension = (d: Dimension, t: TicketRecord): boolean =>
  listedStatus(t) === d.holds.status &&
  (d.holds.queueId === undefined || (t.queueId ?? 0) === d.holds.queueId) &&
  (d.holds.userId === undefined || (t.userId ?? 0) === d.holds.userId);

/**
 * Search: contacts matching by name or number, then their newest tickets the caller may see; with `tab`, only
 * those the tab's partitions list.
 */
const searchTickets = async (auth: AuthContext, q: TicketListQuery, tab?: Dimension[]): Promise<TicketPage> => {
  const text = q.searchParam?.trim() ?? '';
  if (!text) return { tickets: [], count: 0, hasMore: false, nextCursor: null };
  const viewer = viewerOfAuth(auth);
  const [contactIds, messageTicketIds] = await Promise.all([
    searchContactIds(auth.companyId, text, q.limit, hidesNumbers(auth)),
    q.searchOnMessages ? searchMessageTicketIds(auth.companyId, text, q.limit * 3) : Promise.resolve([]),
  ]);
  const [perContact, byMessages] = await Promise.all([
    Promise.all(
      contactIds.map((id) =>
        queryTicketIndex('gsi4', `C#${auth.companyId}#TC#${String(id).padStart(10, '0')}`, { limit: 5, forward: false }),
      ),
    ),
    getTicketRecords(auth.companyId, messageTicketIds),
  ]);
  const statusFilter = q.statusFilter?.length ? new Set(q.statusFilter) : undefined;
  const found = [...perContact.flatMap((p) => p.items), ...byMessages]
    .filter((t) => canSeeTicket(viewer, t))
    .filter((t) => !tab || tab.some((d) => inDimension(d, t)))
    .filter((t) => !q.withUnreadMessages || t.unreadMessages > 0)
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

export const ticketsByIds = (companyId: number, idsList: number[]) => getTicketRecords(companyId, idsList);

/** The newest tickets of a contact (all connections), for the web chat visitor's history. */
export const contactTickets = async (companyId: number, contactId: number, limit: number): Promise<TicketRecord[]> =>
  (await queryTicketIndex('gsi4', `C#${companyId}#TC#${String(contactId).padStart(10, '0')}`, { limit, forward: false })).items;

/** How many tickets of a queue are in a status, from the counters (one read, no query of the tickets). */
export const queueCount = async (companyId: number, queueId: number, status: TicketStatus): Promise<number> =>
  (await getCounters(companyId, [`Q#${queueId}#${status}`])).get(`Q#${queueId}#${status}`) ?? 0;

/** Each agent's load: their open tickets and the pending ones handed to them, from the counters (one batch read). */
export const agentLoads = async (companyId: number, userIds: number[]): Promise<Map<number, number>> => {
  const counters = await getCounters(
    companyId,
    userIds.flatMap((id) => [`U#${id}#open`, `U#${id}#pending`]),
  );
  return new Map(userIds.map((id) => [id, (counters.get(`U#${id}#open`) ?? 0) + (counters.get(`U#${id}#pending`) ?? 0)]));
};
