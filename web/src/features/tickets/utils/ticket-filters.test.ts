import { describe, expect, it } from 'vitest';
import { makeTicket } from '../../../test-fixtures.ts';
import {
  belongsToList,
  isSearchable,
  mayShowAll,
  plainFilters,
  sortApplies,
  ticketListQuery,
  type ListViewer,
  type TicketListFilters,
} from './ticket-filters.ts';

const filters = (overrides: Partial<TicketListFilters> = {}): TicketListFilters => ({ ...plainFilters('open'), ...overrides });
const agent: ListViewer = { id: 5, profile: 'user', queueIds: [3], allTicket: 'disable', allowGroup: false };
const admin: ListViewer = { ...agent, profile: 'admin' };

describe('which tickets a list holds', () => {
  it('files an open ticket under the open tab only for the agent holding it, unless show-all is on', () => {
    const mine = makeTicket({ status: 'open', userId: 5 });
    const other = makeTicket({ status: 'open', userId: 9 });
    expect(belongsToList(mine, filters(), agent)).toBe(true);
    expect(belongsToList(other, filters(), agent)).toBe(false);
    expect(belongsToList(other, filters({ showAll: true }), admin)).toBe(true);
    expect(belongsToList(other, filters({ showAll: true }), agent)).toBe(true);
    expect(belongsToList(makeTicket({ status: 'open', userId: 9, queueId: 8 }), filters({ showAll: true }), agent)).toBe(false);
  });

  it("files a pending ticket under the pending tab when it is in one of the agent's queues", () => {
    expect(belongsToList(makeTicket({ status: 'pending' }), filters({ view: 'pending' }), agent)).toBe(true);
    expect(belongsToList(makeTicket({ status: 'pending', queueId: 8 }), filters({ view: 'pending' }), agent)).toBe(false);
    expect(
      belongsToList(makeTicket({ status: 'pending', queueId: null, queue: null }), filters({ view: 'pending' }), agent),
    ).toBe(false);
    expect(
      belongsToList(makeTicket({ status: 'pending', queueId: null, queue: null }), filters({ view: 'pending' }), {
        ...agent,
        allTicket: 'enable',
      }),
    ).toBe(true);
    expect(belongsToList(makeTicket({ status: 'open', userId: 5 }), filters({ view: 'pending' }), agent)).toBe(false);
  });

  it('keeps group tickets from users without the group permission', () => {
    const group = makeTicket({ status: 'group', isGroup: true });
    expect(belongsToList(group, filters({ view: 'group' }), agent)).toBe(false);
    expect(belongsToList(group, filters({ view: 'group' }), { ...agent, allowGroup: true })).toBe(true);
  });

  it('never grows search results live', () => {
    expect(belongsToList(makeTicket(), filters({ view: 'search', searchParam: 'Maria' }), admin)).toBe(false);
  });

  it('applies the tag, user, connection and queue filters', () => {
    const t = makeTicket({ status: 'pending', tags: [{ id: 4, name: 'VIP', color: '#000000', kanban: 0 }] });
    const pending = (o: Partial<TicketListFilters>) => filters({ view: 'pending', ...o });
    expect(belongsToList(t, pending({ tags: [4] }), agent)).toBe(true);
    expect(belongsToList(t, pending({ tags: [4, 5] }), agent)).toBe(false);
    expect(belongsToList(t, pending({ users: [5] }), agent)).toBe(false);
    expect(belongsToList(t, pending({ whatsapps: [2] }), agent)).toBe(true);
    expect(belongsToList(t, pending({ whatsapps: [7] }), agent)).toBe(false);
    expect(belongsToList(t, pending({ queueIds: [3] }), agent)).toBe(true);
    expect(belongsToList(t, pending({ queueIds: [4] }), agent)).toBe(false);
  });
});

describe('the list controls', () => {
  it('offers show-all to admins and, with all-user-chat, to users, never in search', () => {
    expect(mayShowAll({ profile: 'admin' }, false, 'open')).toBe(true);
    expect(mayShowAll({ profile: 'user' }, false, 'open')).toBe(false);
    expect(mayShowAll({ profile: 'user' }, true, 'pending')).toBe(true);
    expect(mayShowAll({ profile: 'admin' }, true, 'search')).toBe(false);
  });

  it('hides the sort toggle on the closed and search views', () => {
    expect(sortApplies('open')).toBe(true);
    expect(sortApplies('closed')).toBe(false);
    expect(sortApplies('search')).toBe(false);
  });

  it('searches from 3 characters on', () => {
    expect(isSearchable('ab')).toBe(false);
    expect(isSearchable(' ab ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
  });

  it('asks the server for the view, newest first where the sort does not apply, and never show-all in search', () => {
    expect(ticketListQuery(filters({ view: 'closed', sort: 'ASC', showAll: true }))).toMatchObject({
      status: 'closed',
      sortTickets: 'DESC',
      showAll: true,
    });
    expect(ticketListQuery(filters({ view: 'search', searchParam: ' Maria ', showAll: true, statuses: ['open'] }))).toMatchObject(
      {
        status: 'search',
        searchParam: 'Maria',
        showAll: undefined,
        statusFilter: '["open"]',
      },
    );
    // the status filter alone lists those statuses: no empty search text goes to the server
    expect(ticketListQuery(filters({ view: 'search', searchParam: '', statuses: ['open', 'closed'] }))).toMatchObject({
      status: 'search',
      searchParam: undefined,
      statusFilter: '["open","closed"]',
    });
    expect(ticketListQuery(filters({ tags: [1, 2] })).tags).toBe('[1,2]');
  });
});
