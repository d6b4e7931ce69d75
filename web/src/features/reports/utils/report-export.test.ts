import { REPORT_SHEET_NAME, type ReportResponse, type ReportTicket } from '@switchboard/shared/contracts/reports';
import { describe, expect, it } from 'vitest';
import {
  buildReportRow,
  exportReportWorkbook,
  formatSupportTime,
  readWholeReport,
  reportColumns,
  writeReportWorkbook,
} from './report-export.ts';
import { defaultReportFilters, exportProgress, localDayBound, reportRequest } from './report-filters.ts';

const ticket = (id: number, overrides: Partial<ReportTicket> = {}): ReportTicket => ({
  id,
  uuid: `uuid-${id}`,
  whatsappName: 'Web chat',
  contactName: `Cliente ${id}`,
  userName: 'Ana',
  queueName: null,
  status: 'closed',
  lastMessage: 'Obrigado',
  createdAt: '2026-11-03T12:00:00.000Z',
  closedAt: '2026-11-03T13:05:00.000Z',
  supportTime: 65,
  NPS: 9,
  ...overrides,
});

const labels = { status: (s: string) => `status:${s}`, noQueue: 'SEM FILA', dateTime: (iso: string) => `at:${iso}` };

describe('the report filters', () => {
  it('start on the first day of the month and end today', () => {
    expect(defaultReportFilters(new Date(2026, 10, 25, 15, 0))).toMatchObject({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-25',
      statuses: [],
      onlyRated: false,
    });
  });

  it('send lists as JSON arrays, the local days as instants, the search text trimmed, and leave empty filters out', () => {
    const filters = {
      ...defaultReportFilters(new Date(2026, 10, 25)),
      searchParam: '  Souza ',
      connectionIds: [3],
      statuses: ['open' as const, 'closed' as const],
      userIds: [],
      queueIds: [4, 5],
      contact: { id: 9, name: 'X' },
      onlyRated: true,
    };
    expect(reportRequest(filters, 10, 'abc')).toEqual({
      searchParam: 'Souza',
      contactId: 9,
      whatsappId: '[3]',
      status: '["open","closed"]',
      users: undefined,
      queueIds: '[4,5]',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-25',
      onlyRated: true,
      pageSize: 10,
      cursor: 'abc',
    });
    expect(reportRequest({ ...filters, searchParam: '   ' }, 10)).not.toHaveProperty('searchParam', expect.anything());
    expect(new Date(localDayBound('2026-11-01', false)).getDate()).toBe(1);
    expect(new Date(localDayBound('2026-11-25', true)).getHours()).toBe(23);
  });

  it('measure an export by how far back in the range the server has read', () => {
    const range = { dateFrom: '2026-11-01', dateTo: '2026-11-30' };
    expect(exportProgress(range, localDayBound('2026-11-30', true))).toBe(0);
    expect(exportProgress(range, localDayBound('2026-11-16', false))).toBeGreaterThan(45);
    expect(exportProgress(range, localDayBound('2026-11-16', false))).toBeLessThan(55);
    expect(exportProgress(range, null)).toBe(100);
  });
});

describe('the report export', () => {
  it('writes a row per ticket with the queue fallback and the support time', () => {
    expect(buildReportRow(ticket(1), labels)).toEqual({
      id: 1,
      whatsappName: 'Web chat',
      contactName: 'Cliente 1',
      userName: 'Ana',
      queueName: 'SEM FILA',
      status: 'status:closed',
      lastMessage: 'Obrigado',
      createdAt: 'at:2026-11-03T12:00:00.000Z',
      closedAt: 'at:2026-11-03T13:05:00.000Z',
      supportTime: '1h 05m',
      nps: 9,
    });
    expect(
      buildReportRow(ticket(2, { status: 'open', closedAt: null, supportTime: null, NPS: null, userName: null }), labels),
    ).toMatchObject({ closedAt: '', supportTime: '', nps: '', userName: '' });
    expect(formatSupportTime(12)).toBe('12m');
  });

  it('follows the cursor page by page, reporting progress, and stops at the last page', async () => {
    const pages: ReportResponse[] = [
      {
        tickets: [ticket(3), ticket(2)],
        totalTickets: { total: 2, exact: true },
        hasMore: true,
        nextCursor: 'c1',
        reachedAt: '2026-11-10T00:00:00.000Z',
      },
      {
        tickets: [],
        totalTickets: { total: 2, exact: true },
        hasMore: true,
        nextCursor: 'c2',
        reachedAt: '2026-11-01T00:00:00.000Z',
      },
      { tickets: [ticket(1)], totalTickets: { total: 3, exact: true }, hasMore: false, nextCursor: null, reachedAt: null },
    ];
    const asked: (string | undefined)[] = [];
    const progress: [number, string | null][] = [];
    const all = await readWholeReport(
      async (cursor) => {
        asked.push(cursor);
        return pages[asked.length - 1]!;
      },
      (read, at) => progress.push([read, at]),
    );
    expect(all.map((t) => t.id)).toEqual([3, 2, 1]);
    expect(asked).toEqual([undefined, 'c1', 'c2']);
    expect(progress).toEqual([
      [2, '2026-11-10T00:00:00.000Z'],
      [2, '2026-11-01T00:00:00.000Z'],
      [3, null],
    ]);
  });

  it('refuses a cursor that does not move', async () => {
    const stuck: ReportResponse = {
      tickets: [],
      totalTickets: { total: 0, exact: true },
      hasMore: true,
      nextCursor: 'same',
      reachedAt: null,
    };
    await expect(
      readWholeReport(
        async () => stuck,
        () => undefined,
      ),
    ).rejects.toThrow('did not advance');
  });

  it('writes the sheet RelatorioDeAtendimentos with a header row and the rows', async () => {
    const headers = Object.fromEntries(reportColumns.map((c) => [c, `H-${c}`])) as Record<(typeof reportColumns)[number], string>;
    const blob = await writeReportWorkbook([buildReportRow(ticket(1), labels), buildReportRow(ticket(2), labels)], headers);
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
    expect(book.SheetNames).toEqual([REPORT_SHEET_NAME]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[REPORT_SHEET_NAME]!, { header: 1 });
    expect(rows[0]).toEqual(reportColumns.map((c) => `H-${c}`));
    expect(rows.slice(1).map((r) => [r[0], r[2], r[4]])).toEqual([
      [1, 'Cliente 1', 'SEM FILA'],
      [2, 'Cliente 2', 'SEM FILA'],
    ]);
  });

  it('exports page by page into one sheet RelatorioDeAtendimentos, reporting the rows written after each page', async () => {
    const headers = Object.fromEntries(reportColumns.map((c) => [c, `H-${c}`])) as Record<(typeof reportColumns)[number], string>;
    const pages: Record<string, ReportResponse> = {
      first: {
        tickets: [ticket(1), ticket(2)],
        totalTickets: { total: 3, exact: true },
        hasMore: true,
        nextCursor: 'c2',
        reachedAt: '2026-11-02T00:00:00.000Z',
      },
      c2: { tickets: [ticket(3)], totalTickets: { total: 3, exact: true }, hasMore: false, nextCursor: null, reachedAt: null },
    };
    const progress: [number, string | null][] = [];
    const { blob, count } = await exportReportWorkbook(
      async (cursor) => pages[cursor ?? 'first']!,
      (t) => buildReportRow(t, labels),
      headers,
      (written, reachedAt) => progress.push([written, reachedAt]),
    );
    expect(count).toBe(3);
    expect(progress).toEqual([
      [2, '2026-11-02T00:00:00.000Z'],
      [3, null],
    ]);
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array', cellStyles: true });
    expect(book.SheetNames).toEqual([REPORT_SHEET_NAME]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[REPORT_SHEET_NAME]!, { header: 1 });
    expect(rows.map((r) => r[0])).toEqual(['H-id', 1, 2, 3]);
    expect(book.Sheets[REPORT_SHEET_NAME]!['!cols']?.[6]).toMatchObject({ wch: 40 });
  });
});
