import { type ReportQuery } from '@switchboard/shared/contracts/reports';
import type { TicketStatus } from '@switchboard/shared/contracts/tickets';

/** The report's filter panel (spec document 2 "Ticket report (/reports)"). Dates are the viewer's calendar days. */
export interface ReportFilters {
  /** a contact's name or number, or a ticket id; '' searches nothing */
  searchParam: string;
  contact: { id: number; name: string } | undefined;
  connectionIds: number[];
  statuses: TicketStatus[];
  userIds: number[];
  queueIds: number[];
  /** yyyy-mm-dd */
  dateFrom: string;
  /** yyyy-mm-dd */
  dateTo: string;
  onlyRated: boolean;
}

const dayOf = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Spec document 2 section 5: the range starts on the first day of the month and ends today. */
export const defaultReportFilters = (today: Date): ReportFilters => ({
  searchParam: '',
  contact: undefined,
  connectionIds: [],
  statuses: [],
  userIds: [],
  queueIds: [],
  dateFrom: dayOf(new Date(today.getFullYear(), today.getMonth(), 1)),
  dateTo: dayOf(today),
  onlyRated: false,
});

/** A local calendar day's first or last instant, as the server reads it. */
export const localDayBound = (day: string, end: boolean): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0)).toISOString();
};

type ReportRequest = Partial<Record<keyof ReportQuery, string | number | boolean | undefined>>;

/** The query string of GET /ticketreport/reports: lists as JSON arrays (spec document 2 section 7), empty ones left out. */
export const reportRequest = (f: ReportFilters, pageSize: number, cursor?: string): ReportRequest => {
  const list = (values: readonly (string | number)[]) => (values.length ? JSON.stringify(values) : undefined);
  return {
    searchParam: f.searchParam.trim() || undefined,
    contactId: f.contact?.id,
    whatsappId: list(f.connectionIds),
    status: list(f.statuses),
    users: list(f.userIds),
    queueIds: list(f.queueIds),
    // calendar days: the server reads them as days of the company's time zone, whatever the browser's
    dateFrom: f.dateFrom || undefined,
    dateTo: f.dateTo || undefined,
    onlyRated: f.onlyRated ? true : undefined,
    pageSize,
    cursor,
  };
};

/** How far an export has come, 0..100, from how far back in the range the server has read. */
export const exportProgress = (f: Pick<ReportFilters, 'dateFrom' | 'dateTo'>, reachedAt: string | null): number => {
  if (reachedAt === null) return 100;
  const from = Date.parse(localDayBound(f.dateFrom, false));
  const to = Date.parse(localDayBound(f.dateTo, true));
  const at = Date.parse(reachedAt);
  if (!(to > from)) return 0;
  return Math.min(100, Math.max(0, Math.round(((to - at) / (to - from)) * 100)));
};
