/**
 * Tickets created by an import of old messages (spec document 2 section 4, server reference 1.2 step 10): each one
 * is remembered per connection so that POST /closedimported/{id} closes exactly those, page by page.
 */
import { ttlCache } from '../../platform/ttl-cache.ts';
import { deleteImportedTicket, firstImportedTickets, putImportedTicket } from './imported-tickets.repository.ts';
import { closeImportedTicket } from './ticket-transitions.service.ts';

/** One history sync brings many messages per ticket: an instance writes a ticket's marker once. */
const remembered = ttlCache<string, true>(10 * 60_000, 10_000);

export const rememberImportedTicket = async (companyId: number, connectionId: number, ticketId: number): Promise<void> => {
  const key = `${companyId}:${connectionId}:${ticketId}`;
  if (remembered.peek(key)) return;
  await putImportedTicket(companyId, connectionId, ticketId);
  remembered.set(key, true);
};

/** A page of imported tickets to close per call: bounded, whatever the import brought. */
export const CLOSE_IMPORTED_PAGE = 25;
const CONCURRENCY = 5;

/** Closes one page of a connection's imported tickets (without farewells); answers how many and whether more remain. */
export const closeImportedTicketsPage = async (
  companyId: number,
  connectionId: number,
  limit = CLOSE_IMPORTED_PAGE,
): Promise<{ closed: number; hasMore: boolean }> => {
  const page = await firstImportedTickets(companyId, connectionId, limit);
  let closed = 0;
  for (let i = 0; i < page.ticketIds.length; i += CONCURRENCY) {
    const results = await Promise.all(
      page.ticketIds.slice(i, i + CONCURRENCY).map(async (ticketId) => {
        const done = await closeImportedTicket(companyId, ticketId);
        await deleteImportedTicket(companyId, connectionId, ticketId);
        remembered.forget(`${companyId}:${connectionId}:${ticketId}`);
        return done;
      }),
    );
    closed += results.filter(Boolean).length;
  }
  return { closed, hasMore: page.hasMore };
};
