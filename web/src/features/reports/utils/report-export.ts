import { REPORT_SHEET_NAME, type ReportResponse, type ReportTicket } from '@switchboard/shared/contracts/reports';
import { createPagedSheetWriter, writeSheet } from '../../../lib/spreadsheet.ts';

/**
 * The report export (spec document 2 section 9): every ticket of the filters, read page by page with the cursor
 * (never one request for all of them), written to relatorio-de-atendimentos.xlsx, sheet RelatorioDeAtendimentos.
 */
export const reportColumns = [
  'id',
  'whatsappName',
  'contactName',
  'userName',
  'queueName',
  'status',
  'lastMessage',
  'createdAt',
  'closedAt',
  'supportTime',
  'nps',
] as const;
export type ReportColumn = (typeof reportColumns)[number];
export type ReportRow = Record<ReportColumn, string | number>;

export interface ReportRowLabels {
  status: (status: ReportTicket['status']) => string;
  noQueue: string;
  dateTime: (iso: string) => string;
}

/** `1h 05m`, `12m`: the time from opening to closing. */
export const formatSupportTime = (minutes: number | null): string => {
  if (minutes === null) return '';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m`;
};

export const buildReportRow = (t: ReportTicket, labels: ReportRowLabels): ReportRow => ({
  id: t.id,
  whatsappName: t.whatsappName,
  contactName: t.contactName,
  userName: t.userName ?? '',
  queueName: t.queueName ?? labels.noQueue,
  status: labels.status(t.status),
  lastMessage: t.lastMessage,
  createdAt: labels.dateTime(t.createdAt),
  closedAt: t.closedAt ? labels.dateTime(t.closedAt) : '',
  supportTime: formatSupportTime(t.supportTime),
  nps: t.NPS ?? '',
});

/**
 * Follows the cursor to the last page. `onPage` hears after every page how many tickets were read and where the
 * server stands in the date range; `signal` stops it between pages.
 */
export const readWholeReport = async (
  fetchPage: (cursor: string | undefined) => Promise<ReportResponse>,
  onPage: (read: number, reachedAt: string | null) => void,
  signal?: AbortSignal,
): Promise<ReportTicket[]> => {
  const tickets: ReportTicket[] = [];
  await followReport(
    fetchPage,
    (page) => {
      tickets.push(...page.tickets);
      onPage(tickets.length, page.reachedAt);
    },
    signal,
  );
  return tickets;
};

const followReport = async (
  fetchPage: (cursor: string | undefined) => Promise<ReportResponse>,
  onPage: (page: ReportResponse) => void,
  signal?: AbortSignal,
): Promise<void> => {
  let cursor: string | undefined;
  for (;;) {
    if (signal?.aborted) throw new DOMException('Export cancelled', 'AbortError');
    const page = await fetchPage(cursor);
    onPage(page);
    if (!page.hasMore || !page.nextCursor) return;
    // a cursor that does not move would loop for ever
    if (page.nextCursor === cursor) throw new Error('The report cursor did not advance');
    cursor = page.nextCursor;
  }
};

const widths: Record<ReportColumn, number> = {
  id: 8,
  whatsappName: 20,
  contactName: 28,
  userName: 20,
  queueName: 18,
  status: 16,
  lastMessage: 40,
  createdAt: 18,
  closedAt: 18,
  supportTime: 14,
  nps: 6,
};
const columnsOf = (headers: Record<ReportColumn, string>) =>
  reportColumns.map((key) => ({ key, header: headers[key], width: widths[key] }));

/** The workbook of rows already read (the app's spreadsheet module is loaded only now). */
export const writeReportWorkbook = (rows: readonly ReportRow[], headers: Record<ReportColumn, string>): Promise<Blob> =>
  writeSheet(REPORT_SHEET_NAME, columnsOf(headers), rows);

/**
 * The whole export: follows the cursor page by page and appends each page's rows to the sheet as it arrives (the
 * tickets themselves are not kept), reporting after every page how many rows are written and where the server
 * stands in the date range. Answers the file and its row count.
 */
export const exportReportWorkbook = async (
  fetchPage: (cursor: string | undefined) => Promise<ReportResponse>,
  toRow: (ticket: ReportTicket) => ReportRow,
  headers: Record<ReportColumn, string>,
  onPage: (written: number, reachedAt: string | null) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; count: number }> => {
  const writer = await createPagedSheetWriter(REPORT_SHEET_NAME, columnsOf(headers));
  await followReport(fetchPage, (page) => onPage(writer.append(page.tickets.map(toRow)), page.reachedAt), signal);
  return { blob: writer.finish(), count: writer.rowCount };
};
