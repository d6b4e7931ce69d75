import type { Ticket, TicketStatus } from '@switchboard/shared/contracts/tickets';

/** The tabs of the inbox and the two separate views (spec document 1, section 2). */
export type TicketTab = 'open' | 'pending' | 'group';
export type TicketView = TicketTab | 'closed' | 'search';
export type SortOrder = 'ASC' | 'DESC';

/** Search starts at 3 characters, 500 ms after the last keystroke (sections 5 and 9). */
export { isSearchable, SEARCH_MIN_CHARS } from '../../../lib/search-rules.ts';
export { SEARCH_DEBOUNCE_MS } from '../../../lib/use-debounced-value.ts';
/** Tickets per page of a list. */
export const TICKET_PAGE_SIZE = 20;
/** The next page loads when the list is scrolled within 100 px of its bottom (section 9). */
export const LIST_LOAD_THRESHOLD_PX = 100;

export interface TicketListFilters {
  view: TicketView;
  searchParam: string;
  searchOnMessages: boolean;
  showAll: boolean;
  sort: SortOrder;
  queueIds: number[];
  tags: number[];
  users: number[];
  whatsapps: number[];
  statuses: TicketStatus[];
}

/** A view's filters with nothing narrowed, as the view first shows. */
export const plainFilters = (view: TicketView): TicketListFilters => ({
  view,
  searchParam: '',
  searchOnMessages: false,
  showAll: false,
  sort: 'DESC',
  queueIds: [],
  tags: [],
  users: [],
  whatsapps: [],
  statuses: [],
});

/** Who is looking at the list, as far as deciding which tickets belong to it goes. */
export interface ListViewer {
  id: number;
  profile: 'admin' | 'user';
  queueIds: number[];
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
}

/** The show-all toggle: admins, and users when all-user-chat is on; never in search or on the closed view for users. */
export const mayShowAll = (viewer: Pick<ListViewer, 'profile'>, allUserChat: boolean, view: TicketView): boolean =>
  view !== 'search' && (viewer.profile === 'admin' || allUserChat);

/** The sort toggle is hidden on the closed and search views, which always list the newest first. */
export const sortApplies = (view: TicketView): boolean => view !== 'closed' && view !== 'search';

const jsonList = (ids: number[]) => (ids.length ? JSON.stringify(ids) : undefined);

/** The GET /tickets query of a list (without the cursor). */
export const ticketListQuery = (f: TicketListFilters, limit = TICKET_PAGE_SIZE) => ({
  status: f.view,
  searchParam: f.view === 'search' && f.searchParam.trim() ? f.searchParam.trim() : undefined,
  searchOnMessages: f.view === 'search' && f.searchOnMessages ? true : undefined,
  showAll: f.view !== 'search' && f.showAll ? true : undefined,
  sortTickets: sortApplies(f.view) ? f.sort : 'DESC',
  queueIds: jsonList(f.queueIds),
  tags: jsonList(f.tags),
  users: jsonList(f.users),
  whatsapps: jsonList(f.whatsapps),
  statusFilter: f.view === 'search' && f.statuses.length ? JSON.stringify(f.statuses) : undefined,
  limit,
});

const inQueues = (viewer: ListViewer, queueId: number | null) =>
  queueId === null ? viewer.allTicket === 'enable' : viewer.queueIds.includes(queueId);

/**
 * Whether a ticket belongs to the list with these filters, by the same rule the server answers the list with:
 * used to file a ticket that changed live into the lists already on screen. Search results are never grown live.
 */
export const belongsToList = (t: Ticket, f: TicketListFilters, viewer: ListViewer): boolean => {
  const admin = viewer.profile === 'admin';
  const mine = t.userId === viewer.id;
  const queues = inQueues(viewer, t.queueId);
  let inView: boolean;
  switch (f.view) {
    case 'open':
      inView = t.status === 'open' && (f.showAll ? admin || queues : mine);
      break;
    case 'pending':
      inView = f.showAll && admin ? t.status === 'pending' || t.status === 'lgpd' : t.status === 'pending' && (queues || mine);
      break;
    case 'group':
      inView = (admin || viewer.allowGroup) && t.status === 'group' && ((f.showAll && admin) || queues || mine);
      break;
    case 'closed':
      inView = t.status === 'closed' && (admin ? f.showAll || mine : queues || mine);
      break;
    default:
      return false;
  }
  if (!inView) return false;
  return matchesFilters(t, f);
};

/** The filter panel and the queue selector, applied to one ticket. */
export const matchesFilters = (t: Ticket, f: Pick<TicketListFilters, 'tags' | 'users' | 'whatsapps' | 'queueIds'>): boolean => {
  if (f.tags.length && !f.tags.every((id) => t.tags.some((tag) => tag.id === id))) return false;
  if (f.users.length && (t.userId === null || !f.users.includes(t.userId))) return false;
  if (f.whatsapps.length && !f.whatsapps.includes(t.whatsappId)) return false;
  return matchesQueueSelection(t, f.queueIds);
};

/** The queue selector keeps the chosen queues' tickets and the tickets without a queue. */
export const matchesQueueSelection = (t: Pick<Ticket, 'queueId'>, queueIds: number[]): boolean =>
  queueIds.length === 0 || t.queueId === null || queueIds.includes(t.queueId);

/** The tab a ticket is shown under after a change (accept, reopen, transfer). */
export const tabOfStatus = (status: TicketStatus): TicketTab =>
  status === 'group' ? 'group' : status === 'open' ? 'open' : 'pending';
