/** What the dashboard and the live attendance panel read of tickets: counts by status and the running tickets. */
import type { TicketStatus } from '@switchboard/shared/contracts/inbox';
import type { TicketRecord } from './ticket.entity.ts';
import { getCounters, queryTicketIndex, queryTicketIndexBetween } from './tickets.repository.ts';

export type { TicketRecord } from './ticket.entity.ts';

/** How many of the company's tickets are in each status now, from the tab counters (one batch read). */
export const statusCounts = async (companyId: number, statuses: TicketStatus[]): Promise<Record<string, number>> => {
  const counters = await getCounters(companyId, statuses.map((s) => `S#${s}`));
  return Object.fromEntries(statuses.map((s) => [s, counters.get(`S#${s}`) ?? 0]));
};

/** The newest tickets of the company in a status, up to `limit`; `more` says whether others exist. */
export const newestTicketsInStatus = async (companyId: number, status: TicketStatus, limit: number): Promise<{ tickets: TicketRecord[]; more: boolean }> => {
  const tickets: TicketRecord[] = [];
  let startKey: Record<string, string> | undefined;
  do {
    const page = await queryTicketIndex('gsi1', `C#${companyId}#TS#${status}`, { limit: Math.min(100, limit - tickets.length), forward: false, startKey });
    tickets.push(...page.items);
    startKey = page.lastKey;
  } while (startKey && tickets.length < limit);
  return { tickets, more: Boolean(startKey) };
};

/**
 * The company's tickets in a status last changed between two instants (ISO), newest first, up to `limit`; `more`
 * says whether others exist. One Query page after another on the status index, whose sort key begins with the time.
 */
export const ticketsUpdatedBetween = async (
  companyId: number,
  status: TicketStatus,
  range: { from: string; to: string },
  limit: number,
): Promise<{ tickets: TicketRecord[]; more: boolean }> => {
  const tickets: TicketRecord[] = [];
  let startKey: Record<string, string> | undefined;
  do {
    const page = await queryTicketIndexBetween('gsi1', `C#${companyId}#TS#${status}`, range, {
      limit: Math.min(100, limit - tickets.length),
      startKey,
    });
    tickets.push(...page.items);
    startKey = page.lastKey;
  } while (startKey && tickets.length < limit);
  return { tickets, more: Boolean(startKey) };
};
