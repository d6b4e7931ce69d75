/** What the dashboard and the live attendance panel read of tickets: counts by status and the running tickets. */
import type { TicketStatus } from '@switchboard/shared/contracts/tickets';
import type { TicketRecord } from './ticket.entity.ts';
import { getCounters, queryTicketIndex, queryTicketIndexBetween, type IndexPage } from './ticket-lists.repository.ts';

export type { TicketRecord } from './ticket.entity.ts';

/** How many of the company's tickets are in each status now, from the tab counters (one batch read). */
export const statusCounts = async (companyId: number, statuses: TicketStatus[]): Promise<Record<string, number>> => {
  const counters = await getCounters(
    companyId,
    statuses.map((s) => `S#${s}`),
  );
  return Object.fromEntries(statuses.map((s) => [s, counters.get(`S#${s}`) ?? 0]));
};

/** Pages of 100 read newest first until `limit` tickets are in hand; `more` says whether others exist. */
const newestUpTo = async (
  limit: number,
  readPage: (page: { limit: number; startKey?: Record<string, string> }) => Promise<IndexPage>,
): Promise<{ tickets: TicketRecord[]; more: boolean }> => {
  const tickets: TicketRecord[] = [];
  let startKey: Record<string, string> | undefined;
  do {
    const page = await readPage({ limit: Math.min(100, limit - tickets.length), startKey });
    tickets.push(...page.items);
    startKey = page.lastKey;
  } while (startKey && tickets.length < limit);
  return { tickets, more: Boolean(startKey) };
};

/** The newest tickets of the company in a status, up to `limit`; `more` says whether others exist. */
export const newestTicketsInStatus = (
  companyId: number,
  status: TicketStatus,
  limit: number,
): Promise<{ tickets: TicketRecord[]; more: boolean }> =>
  newestUpTo(limit, (page) => queryTicketIndex('gsi1', `C#${companyId}#TS#${status}`, { ...page, forward: false }));

/**
 * The company's tickets in a status last changed between two instants (ISO), newest first, up to `limit`; `more`
 * says whether others exist. Read from the status index, whose sort key begins with the time.
 */
export const ticketsUpdatedBetween = (
  companyId: number,
  status: TicketStatus,
  range: { from: string; to: string },
  limit: number,
): Promise<{ tickets: TicketRecord[]; more: boolean }> =>
  newestUpTo(limit, (page) => queryTicketIndexBetween('gsi1', `C#${companyId}#TS#${status}`, range, page));
