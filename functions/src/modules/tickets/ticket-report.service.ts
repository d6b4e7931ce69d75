/**
 * The ticket report (spec document 2 "Ticket report (/reports)"): the company's tickets created in a date range,
 * filtered by a search text, contact, connections, users, queues, statuses and rating, newest first, a page at a time.
 * Each page reads the report rows of the range's month partitions (ticket.entity.ts) with the filters applied by
 * DynamoDB, then the page's tickets and ratings by key: a page costs what it reads, bounded per request, never the
 * tenant's size. The cursor carries the month and key reached and how many tickets were listed before.
 *
 * The total: the first page counts the rows after the ones it lists with `Select: COUNT` queries over the same key
 * range and filters (no row is returned, none is read twice), bounded by MAX_COUNT_QUERIES; later pages carry it in
 * the cursor, and the last page, which knows how many were listed, states that.
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
import { timeZoneOf } from '../tenancy/company-lookup.service.ts';
import { hidesNumbers } from '../contacts/contact-privacy.service.ts';
import { searchAllContactIds } from '../contacts/contact-search.service.ts';
import { getRatings } from '../ratings/ratings.service.ts';
import { reportMonthOf, reportPk, type ReportRowItem, type TicketRecord } from './ticket.entity.ts';
import { countReportRows, queryReportRows, type ReportRowFilter } from './ticket-report.repository.ts';
import { getTicketRecords } from './tickets.repository.ts';

/** At most this many queries per request: a page with very selective filters comes back short, with `hasMore`. */
const MAX_QUERIES_PER_PAGE = 12;
/**
 * At most this many count queries per report. Each reads up to 1 MB of report rows (some 4,000 tickets), so a
 * report counts about 240,000 tickets exactly; past that its total is what was counted, marked not exact.
 */
export const MAX_COUNT_QUERIES = 60;
/**
 * A search text stands for at most this many contacts, read from the contacts search a page at a time: the filter
 * holds them as IN lists of 100 (DynamoDB's operand limit) joined by OR, within the 4 KB an expression may take. A
 * text that matches more (one or two letters) reports the tickets of the first ones, and its total says it is not
 * exact, as when the count stops at its bound.
 */
export const MAX_SEARCH_CONTACTS = 300;
const IN_OPERANDS = 100;
/** reads of the contacts search per report page, as the count queries are bounded */
const MAX_SEARCH_READS = 8;
const DAY_MS = 86_400_000;

interface ReportCursor {
  /** the month partition reading stopped in */
  m: string;
  /** where in it; absent: from its newest row */
  k?: Record<string, string>;
  /** tickets listed on earlier pages */
  n: number;
  /** the report's total, counted by the first page */
  t?: number;
  /** whether that count is exact (it stopped at no bound) */
  x?: boolean;
}

const isReportCursor = (v: unknown): v is ReportCursor =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ReportCursor).m === 'string' &&
  /^\d{4}-\d{2}$/.test((v as ReportCursor).m) &&
  typeof (v as ReportCursor).n === 'number' &&
  ((v as ReportCursor).t === undefined || typeof (v as ReportCursor).t === 'number') &&
  ((v as ReportCursor).x === undefined || typeof (v as ReportCursor).x === 'boolean') &&
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

/** What a search text stands for: the contacts whose name or number it matches, and the ticket of that id. */
interface ReportSearch {
  contactIds: number[];
  ticketId?: number;
  /** false when the text matches more contacts than the report stands for */
  complete: boolean;
}

/** A ticket id as people type it: digits, maybe after a `#`. */
const ticketIdOf = (text: string): number | undefined => {
  const id = /^#?(\d{1,9})$/.exec(text)?.[1];
  return id && Number(id) > 0 ? Number(id) : undefined;
};

/** The contacts search (names, and numbers where the viewer sees them) and the ticket id a search text means. */
const resolveSearch = async (auth: AuthContext, text: string): Promise<ReportSearch> => {
  const { ids, complete } = await searchAllContactIds(auth.companyId, text, {
    max: MAX_SEARCH_CONTACTS,
    maxReads: MAX_SEARCH_READS,
    namesOnly: hidesNumbers(auth),
  });
  const ticketId = ticketIdOf(text);
  return { contactIds: ids, complete, ...(ticketId ? { ticketId } : {}) };
};

const filterOf = (q: ReportQuery, search: ReportSearch | undefined): ReportRowFilter | undefined => {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  const inClause = (attribute: string, prefix: string, list: readonly (string | number)[]): string => {
    names[`#${prefix}`] = attribute;
    list.forEach((v, i) => (values[`:${prefix}${i}`] = v));
    return `#${prefix} IN (${list.map((_, i) => `:${prefix}${i}`).join(', ')})`;
  };
  const inList = (attribute: string, prefix: string, list: readonly (string | number)[] | undefined) => {
    if (list?.length) parts.push(inClause(attribute, prefix, list));
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
  if (search) {
    // a search matches a ticket by its contact or by its own id
    const either: string[] = [];
    if (search.contactIds.length) {
      // short placeholders (`:c0` ...): the whole list stays far below the expression's 4 KB
      names['#sc'] = 'contactId';
      search.contactIds.forEach((id, i) => (values[`:c${i}`] = id));
      for (let i = 0; i < search.contactIds.length; i += IN_OPERANDS) {
        const chunk = search.contactIds.slice(i, i + IN_OPERANDS).map((_, j) => `:c${i + j}`);
        either.push(`#sc IN (${chunk.join(', ')})`);
      }
    }
    if (search.ticketId) {
      names['#tid'] = 'ticketId';
      values[':tid'] = search.ticketId;
      either.push('#tid = :tid');
    }
    parts.push(either.length > 1 ? `(${either.join(' OR ')})` : either[0]!);
  }
  return parts.length
    ? { expression: parts.join(' AND '), names: Object.keys(names).length ? names : undefined, values }
    : undefined;
};

/**
 * How many report rows pass the filters from a position down to the range's first month: the months' partitions
 * counted side by side, MAX_COUNT_QUERIES queries at most in all (`budget`); `exact` is false when that ran out.
 */
export const countReport = async (
  companyId: number,
  range: { from: string; to: string },
  filter: ReportRowFilter | undefined,
  from: { month: string; startKey?: Record<string, string> },
  budget = MAX_COUNT_QUERIES,
): Promise<{ total: number; exact: boolean }> => {
  const months: string[] = [];
  for (let m = from.month; m >= reportMonthOf(range.from); m = previousMonth(m)) months.push(m);
  let left = budget;
  let exact = true;
  const counts = await Promise.all(
    months.map(async (month, i) => {
      let startKey = i === 0 ? from.startKey : undefined;
      let count = 0;
      do {
        if (left <= 0) {
          exact = false;
          return count;
        }
        left--;
        const page = await countReportRows(reportPk(companyId, month), range, { startKey, filter });
        count += page.count;
        startKey = page.lastKey;
      } while (startKey);
      return count;
    }),
  );
  return { total: counts.reduce((a, b) => a + b, 0), exact };
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

const emptyReport: ReportResponse = {
  tickets: [],
  totalTickets: { total: 0, exact: true },
  hasMore: false,
  nextCursor: null,
  reachedAt: null,
};

export const ticketReport = async (auth: AuthContext, q: ReportQuery): Promise<ReportResponse> => {
  const range = reportRange(q, timeZoneOf(auth.company.settings));
  const firstMonth = reportMonthOf(range.from);
  const { cursor: given, pageSize: _pageSize, ...filters } = q;
  const scope = { list: 'tickets.report', companyId: auth.companyId, filters };
  const cursor = (await decodeCursor(given, scope, isReportCursor)) ?? { m: reportMonthOf(range.to), n: 0 };
  if (cursor.m > reportMonthOf(range.to) || cursor.m < firstMonth) throw invalid('query.cursor', 'Invalid cursor');
  const search = q.searchParam ? await resolveSearch(auth, q.searchParam) : undefined;
  // a text that names no contact and no ticket id matches nothing: nothing is read
  if (search && !search.contactIds.length && !search.ticketId) return emptyReport;
  const filter = filterOf(q, search);

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
  const [records, rates, rest] = await Promise.all([
    getTicketRecords(
      auth.companyId,
      rows.map((r) => r.ticketId),
    ).then((list) => new Map(list.map((t) => [t.id, t]))),
    getRatings(
      auth.companyId,
      rows.filter((r) => r.rated).map((r) => r.ticketId),
    ),
    // the first page counts what lies past it; later pages have the count in their cursor
    hasMore && cursor.t === undefined
      ? countReport(auth.companyId, range, filter, { month: month!, ...(startKey ? { startKey } : {}) })
      : undefined,
  ]);
  const tickets = rows.flatMap((r) => {
    const t = records.get(r.ticketId);
    return t ? [toReportTicket(t, rates.get(t.id))] : [];
  });
  const listed = cursor.n + tickets.length;
  // the last page knows the total for certain (a ticket deleted or changed while paging is not in it), unless the
  // search stood for only the first of the contacts it matches
  const searchComplete = search?.complete ?? true;
  const total = !hasMore
    ? { total: listed, exact: searchComplete }
    : rest
      ? { total: listed + rest.total, exact: rest.exact && searchComplete }
      : { total: cursor.t ?? listed, exact: (cursor.x ?? false) && searchComplete };
  const reachedAt = hasMore ? positionOf(month!, startKey, range.to) : null;
  return {
    tickets,
    totalTickets: total,
    hasMore,
    nextCursor:
      hasMore && month
        ? await encodeCursor(
            {
              m: month,
              ...(startKey ? { k: startKey } : {}),
              n: listed,
              t: total.total,
              x: total.exact,
            } satisfies ReportCursor,
            scope,
          )
        : null,
    reachedAt,
  };
};
