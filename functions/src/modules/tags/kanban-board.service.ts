/** GET /ticket/kanban: the board's tickets for a range of the caller's days (spec document 2 "Tags and kanban lanes"). */
import type { KanbanTicketsQuery } from '@switchboard/shared/contracts/tags';
import { clock } from '../../platform/clock.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { kanbanTicketPage } from '../tickets/ticket-lanes.service.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The instants a range of the caller's days covers: `tzOffset` is Date#getTimezoneOffset of the caller's browser. */
export const dayRange = (startDate: string, endDate: string, tzOffset: number): { from: string; to: string } => {
  const from = Date.parse(`${startDate}T00:00:00.000Z`) + tzOffset * MINUTE_MS;
  const to = Date.parse(`${endDate}T00:00:00.000Z`) + DAY_MS - 1 + tzOffset * MINUTE_MS;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
};

/** The caller's today as YYYY-MM-DD. */
export const callerDay = (now: Date, tzOffset: number): string =>
  new Date(now.getTime() - tzOffset * MINUTE_MS).toISOString().slice(0, 10);

/** A missing start or end is the caller's today; a range that ends before it starts reads nothing. */
export const listKanbanTickets = (auth: AuthContext, q: KanbanTicketsQuery) => {
  const today = callerDay(clock().now(), q.tzOffset);
  const startDate = q.startDate ?? (q.endDate && q.endDate < today ? q.endDate : today);
  const endDate = q.endDate ?? (startDate > today ? startDate : today);
  return kanbanTicketPage(auth, {
    ...dayRange(startDate, endDate, q.tzOffset),
    limit: q.limit,
    cursor: q.cursor,
    queueIds: q.queueIds,
  });
};
