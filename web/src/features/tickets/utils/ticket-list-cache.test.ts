import { describe, expect, it } from 'vitest';
import { makeTicket } from '../../../test-fixtures.ts';
import {
  applyContactChange,
  applyTicketChange,
  flattenTickets,
  markTicketRead,
  removeTicket,
  type TicketPages,
} from './ticket-list-cache.ts';

const at = (minute: number) => `2025-05-10T10:${String(minute).padStart(2, '0')}:00.000Z`;
const t = (id: number, minute: number, extra = {}) => makeTicket({ id, updatedAt: at(minute), ...extra });
const pages = (...chunks: { ids: [number, number][]; hasMore: boolean }[]): TicketPages => ({
  pages: chunks.map((c) => ({
    tickets: c.ids.map(([id, m]) => t(id, m)),
    count: 99,
    hasMore: c.hasMore,
    nextCursor: c.hasMore ? 'next' : null,
  })),
  pageParams: chunks.map((_, i) => (i === 0 ? undefined : `p${i}`)),
});
const ids = (data: TicketPages) => flattenTickets(data).map((x) => x.id);

describe('filing live ticket changes into the loaded pages', () => {
  it('puts a new ticket at the top of a newest-first list', () => {
    const data = pages({
      ids: [
        [1, 30],
        [2, 20],
      ],
      hasMore: false,
    });
    expect(ids(applyTicketChange(data, t(3, 40), { belongs: true, sort: 'DESC' }))).toEqual([3, 1, 2]);
  });

  it('moves a ticket with a new message from its place to the top', () => {
    const data = pages(
      {
        ids: [
          [1, 30],
          [2, 20],
        ],
        hasMore: true,
      },
      { ids: [[3, 10]], hasMore: false },
    );
    const next = applyTicketChange(data, t(3, 50), { belongs: true, sort: 'DESC' });
    expect(ids(next)).toEqual([3, 1, 2]);
    expect(next.pages[1]!.tickets).toEqual([]);
  });

  it('drops a ticket that no longer belongs (accepted, so it left the pending tab)', () => {
    const data = pages({
      ids: [
        [1, 30],
        [2, 20],
      ],
      hasMore: false,
    });
    expect(ids(applyTicketChange(data, t(1, 45, { status: 'open' }), { belongs: false, sort: 'DESC' }))).toEqual([2]);
  });

  it('leaves a ticket whose place lies beyond the loaded pages to the page that will bring it', () => {
    const data = pages({
      ids: [
        [1, 10],
        [2, 20],
      ],
      hasMore: true,
    });
    expect(ids(applyTicketChange(data, t(3, 40), { belongs: true, sort: 'ASC' }))).toEqual([1, 2]);
    const complete = pages({
      ids: [
        [1, 10],
        [2, 20],
      ],
      hasMore: false,
    });
    expect(ids(applyTicketChange(complete, t(3, 40), { belongs: true, sort: 'ASC' }))).toEqual([1, 2, 3]);
  });

  it('replaces the ticket instead of listing it twice', () => {
    const data = pages({ ids: [[1, 30]], hasMore: false });
    const next = applyTicketChange(data, t(1, 30, { lastMessage: 'novo' }), { belongs: true, sort: 'DESC' });
    expect(flattenTickets(next).map((x) => x.lastMessage)).toEqual(['novo']);
  });

  it('starts an empty list with the ticket', () => {
    expect(ids(applyTicketChange({ pages: [], pageParams: [] }, t(1, 1), { belongs: true, sort: 'DESC' }))).toEqual([1]);
  });

  it('removes deleted tickets and clears the unread count of read ones', () => {
    const data = pages({
      ids: [
        [1, 30],
        [2, 20],
      ],
      hasMore: false,
    });
    expect(ids(removeTicket(data, 1))).toEqual([2]);
    expect(flattenTickets(markTicketRead(data, 2)).find((x) => x.id === 2)!.unreadMessages).toBe(0);
    expect(removeTicket(data, 42)).toBe(data);
  });

  it("shows a contact's new name and tags on every row of that contact", () => {
    const data = pages({ ids: [[1, 30]], hasMore: false });
    const contact = {
      ...data.pages[0]!.tickets[0]!.contact,
      name: 'Maria Souza',
      extraInfo: [],
      disableBot: false,
      acceptAudioMessage: true,
      lgpdAcceptedAt: null,
      whatsappId: 2,
      createdAt: at(0),
      updatedAt: at(0),
    };
    expect(flattenTickets(applyContactChange(data, contact))[0]!.contact.name).toBe('Maria Souza');
  });
});
