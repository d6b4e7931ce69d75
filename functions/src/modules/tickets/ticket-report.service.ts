/**
 * The ticket report (spec document 2 "Ticket report (/reports)"): the company's tickets created in a date range,
 * filtered by contact, connections, users, queues, statuses and rating, newest first, a page at a time.
 * Each page reads the report rows of the range's month partitions (ticket.entity.ts) with the filters applied by
 * DynamoDB, then the page's tickets and ratings by key: a page costs what it reads, bounded per request, never the
 * tenant's size. The cursor carries the month and key reached and how many tickets were listed before.
 */
import {
  REPORT_MAX_RANGE_DAYS,
  type ReportQuery,
  type ReportResponse,
  type ReportTicket,
} from '@switchboard/shared/contracts/reports';
import { TZDate } from '@date-fns/tz';
import { AppError } from '../../platform/errors.ts';
import { clock } from '../../platform/clock.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { decodeCursor, encodeCursor } from '../../platform/table/cursor.ts';
import { timeZoneOf } from '../companies/company-lookup.service.ts';
import { getRatings } from '../ratings/ratings.service.ts';
import { reportMonthOf, reportPk, type ReportRowItem, type TicketRecord } from './ticket.entity.ts';
import { getTicketRecords, queryReportRows } from './tickets.repository.ts';

/** At most this many queries per request: a page with very selective filters comes back short, with `hasMore`. */
const MAX_QUERIES_PER_PAGE = 12;
const DAY_MS = 86_400_000;

interface ReportCursor {
  /** the month partition reading stopped in */
  m: string;
  /** where in it; absent: from its newest row */
  k?: Record<string, string>;
  /** tickets listed on earlier pages */
  n: number;
}

const isReportCursor = (v: unknown): v is ReportCursor =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ReportCursor).m === 'string' &&
  /^\d{4}-\d{2}$/.test((v as ReportCursor).m) &&
  typeof (v as ReportCursor).n === 'number' &&
  ((v as ReportCursor).k === undefined || (typeof (v as ReportCursor).k === 'object' && (v as ReportCursor).k !== null));

const invalid = (path: string, message: string) => new AppError('ERR_VALIDATION', message, { fields: [{ path, message }] });

/** The first instant of a calendar day (YYYY-MM-DD) in a time zone. */
const startOfDayIn = (day: string, timeZone: string): number => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime();
};

/** A date bound as an instant: a calendar date is a whole day of the company's zone (its start, or its end for `dateTo`). */
const boundOf = (value: string, end: boolean, timeZone: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value).toISOString();
  if (!end) return new Date(startOfDayIn(value, timeZone)).toISOString();
  const next = new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return new Date(startOfDayIn(next, timeZone) - 1).toISOString();
};

/** The range: the spec's default is the first day of the month to today, both of the company's calendar. */
export const reportRange = (q: Pick<ReportQuery, 'dateFrom' | 'dateTo'>, timeZone: string): { from: string; to: string } => {
  const today = new TZDate(clock().now().getTime(), timeZone);
  const day = (d: number) =>
    `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const from = boundOf(q.dateFrom ?? day(1), false, timeZone);
  const to = boundOf(q.dateTo ?? day(today.getDate()), true, timeZone);
  if (from > to) throw invalid('query.dateTo', 'The end date is before the start date');
  if (Date.parse(to) - Date.parse(from) > REPORT_MAX_RANGE_DAYS * DAY_MS)
    throw invalid('query.dateFrom', `The date range is longer than ${REPORT_MAX_RANGE_DAYS} days`);
  return { from, to };
};

/** The month before `yyyy-mm`. */
const previousMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/** The creation time reading has come down to: the last row's, or the end of the month about to be read. */
const positionOf = (month: string, startKey: Record<string, string> | undefined, to: string): string => {
  const at = startKey?.sk
    ? startKey.sk.slice(0, startKey.sk.lastIndexOf('#'))
    : new Date(Date.parse(`${month}-01T00:00:00.000Z`) + 32 * DAY_MS).toISOString().slice(0, 7) + '-01T00:00:00.000Z';
  return at < to ? at : to;
};

const filterOf = (q: ReportQuery) => {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  const inList = (attribute: string, prefix: string, list: readonly (string | number)[] | undefined) => {
    if (!list?.length) return;
    names[`#${prefix}`] = attribute;
    parts.push(`#${prefix} IN (${list.map((_, i) => `:${prefix}${i}`).join(', ')})`);
    list.forEach((v, i) => (values[`:${prefix}${i}`] = v));
  };
  inList('status', 'st', q.status);
  inList('whatsappId', 'wa', q.whatsappId);
  inList('userId', 'us', q.users);
  inList('queueId', 'qu', q.queueIds);
  if (q.contactId) inList('contactId', 'co', [q.contactId]);
  if (q.onlyRated) {
    parts.push('rated = :rated');
    values[':rated'] = true;
  }
  return parts.length
    ? { expression: parts.join(' AND '), names: Object.keys(names).length ? names : undefined, values }
    : undefined;
};

const minutesBetween = (from: string, to: string | null): number | null =>
  to ? Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60_000)) : null;

const toReportTicket = (t: TicketRecord, rate: number | undefined): ReportTicket => ({
  id: t.id,
  uuid: t.uuid,
  whatsappName: t.whatsapp?.name ?? '',
  contactName: t.contact?.name ?? '',
  userName: t.user?.name ?? null,
  queueName: t.queue?.name ?? null,
  status: t.status,
  lastMessage: t.lastMessage,
  createdAt: t.createdAt,
  closedAt: t.closedAt,
  supportTime: t.status === 'closed' ? minutesBetween(t.createdAt, t.closedAt) : null,
  NPS: rate ?? null,
});

export const ticketReport = async (auth: AuthContext, q: ReportQuery): Promise<ReportResponse> => {
  const range = reportRange(q, timeZoneOf(auth.company.settings));
  const firstMonth = reportMonthOf(range.from);
  const { cursor: given, pageSize: _pageSize, ...filters } = q;
  const scope = { list: 'tickets.report', companyId: auth.companyId, filters };
  const cursor = (await decodeCursor(given, scope, isReportCursor)) ?? { m: reportMonthOf(range.to), n: 0 };
  if (cursor.m > reportMonthOf(range.to) || cursor.m < firstMonth) throw invalid('query.cursor', 'Invalid cursor');
  const filter = filterOf(q);

  const rows: ReportRowItem[] = [];
  let month: string | null = cursor.m;
  let startKey = cursor.k;
  // reading stops with a full page, at the range's first month, or when the request's budget is spent
  for (let queries = 0; month && rows.length < q.pageSize && queries < MAX_QUERIES_PER_PAGE; queries++) {
    const page = await queryReportRows(reportPk(auth.companyId, month), range, {
      limit: Math.max(q.pageSize * 2, 100),
      startKey,
      filter,
    });
    const room = q.pageSize - rows.length;
    if (page.items.length > room) {
      rows.push(...page.items.slice(0, room));
      const last = rows[rows.length - 1]!;
      startKey = { pk: last.pk, sk: last.sk };
      break;
    }
    rows.push(...page.items);
    if (page.lastKey) {
      startKey = page.lastKey;
    } else {
      month = month > firstMonth ? previousMonth(month) : null;
      startKey = undefined;
    }
  }
  // a page cut exactly at its end resumes from the next partition's start; a later page may come back empty once
  const hasMore = month !== null;
  const records = new Map(
    (
      await getTicketRecords(
        auth.companyId,
        rows.map((r) => r.ticketId),
      )
    ).map((t) => [t.id, t]),
  );
  const rates = await getRatings(
    auth.companyId,
    rows.filter((r) => r.rated).map((r) => r.ticketId),
  );
  const tickets = rows.flatMap((r) => {
    const t = records.get(r.ticketId);
    return t ? [toReportTicket(t, rates.get(t.id))] : [];
  });
  const listed = cursor.n + tickets.length;
  const reachedAt = hasMore ? positionOf(month!, startKey, range.to) : null;
  return {
    tickets,
    totalTickets: { total: listed },
    hasMore,
    nextCursor:
      hasMore && month
        ? await encodeCursor({ m: month, ...(startKey ? { k: startKey } : {}), n: listed } satisfies ReportCursor, scope)
        : null,
    reachedAt,
  };
};
