/**
 * The attendants export (spec document 2 "Dashboard"): the Attendants tab's rows as a spreadsheet, written with
 * the same library as the contacts export, loaded only when an export starts.
 */
import type { AttendantRow } from '@switchboard/shared/contracts/dashboard';

export const ATTENDANTS_SHEET_NAME = 'Atendentes';
export const attendantsFileName = (from: string, to: string): string => `atendentes-${from}-${to}.xlsx`;

export const attendantColumns = ['name', 'rating', 'countRating', 'tickets', 'avgWaitTime', 'avgSupportTime', 'status'] as const;
export type AttendantColumn = (typeof attendantColumns)[number];
export type AttendantExportRow = Record<AttendantColumn, string | number>;

export const attendantExportRows = (rows: readonly AttendantRow[], status: { online: string; offline: string }): AttendantExportRow[] =>
  rows.map((r) => ({
    name: r.name,
    rating: r.rating,
    countRating: r.countRating,
    tickets: r.tickets,
    avgWaitTime: r.avgWaitTime,
    avgSupportTime: r.avgSupportTime,
    status: r.online ? status.online : status.offline,
  }));

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const writeAttendantsWorkbook = async (rows: readonly AttendantExportRow[], headers: Record<AttendantColumn, string>): Promise<Blob> => {
  const module = await import('exceljs');
  // the browser build is a UMD bundle: the library arrives as the default export there, as named exports in Node
  const ExcelJS = module.default ?? module;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(ATTENDANTS_SHEET_NAME);
  sheet.columns = attendantColumns.map((key) => ({ header: headers[key], key, width: key === 'name' ? 32 : 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(rows.map((row) => ({ ...row })));
  return new Blob([await workbook.xlsx.writeBuffer()], { type: XLSX_TYPE });
};
