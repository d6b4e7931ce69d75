import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import type { SortOrder } from './ticket-filters.ts';

/** One page of GET /tickets as react-query keeps it, and the pages of an infinite list. */
export interface TicketPage {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
  nextCursor: string | null;
}
export interface TicketPages {
  pages: TicketPage[];
  pageParams: unknown[];
}

const orderKey = (t: Ticket) => `${t.updatedAt}#${String(t.id).padStart(10, '0')}`;
const comesBefore = (a: Ticket, b: Ticket, sort: SortOrder) =>
  sort === 'DESC' ? orderKey(a) > orderKey(b) : orderKey(a) < orderKey(b);

export const flattenTickets = (data: TicketPages | undefined): Ticket[] => {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) => p.tickets).filter((t) => (seen.has(t.id) ? false : (seen.add(t.id), true)));
};

export const hasTicket = (data: TicketPages, ticketId: number): boolean =>
  data.pages.some((p) => p.tickets.some((t) => t.id === ticketId));

/**
 * Files a ticket that changed live into the pages of a list: it leaves its old place, and when it still belongs
 * to the list it goes where the list's order puts it. A ticket whose place lies beyond the pages loaded so far
 * is left for the page that will bring it.
 */
export const applyTicketChange = (
  data: TicketPages,
  ticket: Ticket,
  { belongs, sort }: { belongs: boolean; sort: SortOrder },
): TicketPages => {
  const pages = data.pages.map((p) => ({ ...p, tickets: p.tickets.filter((t) => t.id !== ticket.id) }));
  if (belongs) {
    let placed = false;
    for (const page of pages) {
      const at = page.tickets.findIndex((t) => comesBefore(ticket, t, sort));
      if (at >= 0) {
        page.tickets.splice(at, 0, ticket);
        placed = true;
        break;
      }
    }
    const last = pages[pages.length - 1];
    if (!placed && last && !last.hasMore) last.tickets.push(ticket);
    if (!placed && pages.length === 0) pages.push({ tickets: [ticket], count: 1, hasMore: false, nextCursor: null });
  }
  return { ...data, pages };
};

/** Updates a ticket in place, wherever it is, without moving it (search results, the open ticket). */
export const patchTicket = (data: TicketPages, ticketId: number, patch: (t: Ticket) => Ticket): TicketPages => {
  if (!hasTicket(data, ticketId)) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, tickets: p.tickets.map((t) => (t.id === ticketId ? patch(t) : t)) })) };
};

export const removeTicket = (data: TicketPages, ticketId: number): TicketPages =>
  hasTicket(data, ticketId)
    ? { ...data, pages: data.pages.map((p) => ({ ...p, tickets: p.tickets.filter((t) => t.id !== ticketId) })) }
    : data;

export const markTicketRead = (data: TicketPages, ticketId: number): TicketPages =>
  patchTicket(data, ticketId, (t) => ({ ...t, unreadMessages: 0 }));

/** A contact changed (name, picture, tags, blocked): every row of that contact shows it. */
export const applyContactChange = (data: TicketPages, contact: Contact): TicketPages => {
  if (!data.pages.some((p) => p.tickets.some((t) => t.contactId === contact.id))) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      tickets: p.tickets.map((t) =>
        t.contactId === contact.id
          ? {
              ...t,
              contact: {
                ...t.contact,
                name: contact.name,
                number: contact.number,
                email: contact.email,
                urlPicture: contact.urlPicture,
                active: contact.active,
                tags: contact.tags,
              },
            }
          : t,
      ),
    })),
  };
};
