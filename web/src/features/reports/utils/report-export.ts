import { REPORT_SHEET_NAME, type ReportResponse, type ReportTicket } from '@switchboard/shared/contracts/reports';

/**
 * The report export (spec document 2 section 9): every ticket of the filters, read page by page with the cursor
 * (never one request for all of them), written to relatorio-de-atendimentos.xlsx, sheet RelatorioDeAtendimentos.
 */
export const reportColumns = ['id', 'whatsappName', 'contactName', 'userName', 'queueName', 'status', 'lastMessage', 'createdAt', 'closedAt', 'supportTime', 'nps'] as const;
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
  let cursor: string | undefined;
  for (;;) {
    if (signal?.aborted) throw new DOMException('Export cancelled', 'AbortError');
    const page = await fetchPage(cursor);
    tickets.push(...page.tickets);
    onPage(tickets.length, page.reachedAt);
    if (!page.hasMore || !page.nextCursor) return tickets;
    // a cursor that does not move would loop for ever
    if (page.nextCursor === cursor) throw new Error('The report cursor did not advance');
    cursor = page.nextCursor;
  }
};

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const widths: Record<ReportColumn, number> = { id: 8, whatsappName: 20, contactName: 28, userName: 20, queueName: 18, status: 16, lastMessage: 40, createdAt: 18, closedAt: 18, supportTime: 14, nps: 6 };

/** The workbook, with exceljs loaded only now (it is not part of the app's main bundle). */
export const writeReportWorkbook = async (rows: readonly ReportRow[], headers: Record<ReportColumn, string>): Promise<Blob> => {
  const module = await import('exceljs');
  // the browser build is a UMD bundle: the library arrives as the default export there, as named exports in Node
  const ExcelJS = module.default ?? module;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(REPORT_SHEET_NAME);
  sheet.columns = reportColumns.map((key) => ({ header: headers[key], key, width: widths[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(rows.map((row) => ({ ...row })));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
};
