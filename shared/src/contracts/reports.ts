/**
 * The ticket report (spec document 2 "Ticket report (/reports)", sections 3, 7 and 9): filters in, one page of
 * report rows out. Paging is by cursor (architecture section 3); `totalTickets.total` is the number of tickets the
 * filters let through in the whole range, counted when the first page is read, so that a pager can show "page X of
 * Y" from the first page on.
 */
import { z } from 'zod';
import { queryList } from './common.ts';
import { ticketStatus } from './tickets.ts';

export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 10;
/** The export reads the report in pages this large (the spec's "very large page size", bounded per request). */
export const REPORT_EXPORT_PAGE_SIZE = 500;
export const REPORT_FILE_NAME = 'relatorio-de-atendimentos.xlsx';
export const REPORT_SHEET_NAME = 'RelatorioDeAtendimentos';
/** The longest search text: a contact's name or number, or a ticket id. */
export const REPORT_SEARCH_MAX_LENGTH = 100;
/** The longest date range one report covers. */
export const REPORT_MAX_RANGE_DAYS = 731;

const idList = queryList(z.coerce.number().int().positive(), 100);
const booleanText = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());
/** A calendar date (a whole UTC day) or an instant: the browser sends the bounds of the viewer's local days. */
const dateBound = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(v) && !Number.isNaN(Date.parse(v)), 'Invalid date')
  .optional();

export const reportQuery = z.object({
  /** a contact's name or number (as the contacts search matches them), or a ticket id */
  searchParam: z
    .string()
    .trim()
    .max(REPORT_SEARCH_MAX_LENGTH)
    .optional()
    .transform((v) => v || undefined),
  contactId: z.coerce.number().int().positive().optional(),
  /** connections (the spec's whatsappId, a JSON array) */
  whatsappId: idList,
  users: idList,
  queueIds: idList,
  status: queryList(ticketStatus, 10),
  dateFrom: dateBound,
  dateTo: dateBound,
  onlyRated: booleanText,
  pageSize: z.coerce.number().int().min(1).max(REPORT_EXPORT_PAGE_SIZE).default(REPORT_DEFAULT_PAGE_SIZE),
  cursor: z.string().max(2048).optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportTicket = z.object({
  id: z.number().int(),
  uuid: z.string(),
  whatsappName: z.string(),
  contactName: z.string(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
  status: ticketStatus,
  lastMessage: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** minutes from creation to closing; null while the ticket is not closed */
  supportTime: z.number().int().nullable(),
  /** the customer's 0..10 rating, if they gave one */
  NPS: z.number().int().nullable(),
});
export type ReportTicket = z.infer<typeof reportTicket>;

export const reportResponse = z.object({
  tickets: z.array(reportTicket),
  totalTickets: z.object({
    total: z.number().int(),
    /**
     * false when the count stopped at its bound (ticket-report.service.ts) before the range's end: `total` is then
     * how many it counted, a lower bound
     */
    exact: z.boolean(),
  }),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
  /** how far back in the date range the report has been read (an instant), for an export's progress; null at the end */
  reachedAt: z.string().nullable(),
});
export type ReportResponse = z.infer<typeof reportResponse>;
