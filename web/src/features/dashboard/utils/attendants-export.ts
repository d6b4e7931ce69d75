/**
 * The attendants export (spec document 2 "Dashboard"): the Attendants tab's rows as a spreadsheet, written with
 * the app's spreadsheet module (web/src/lib/spreadsheet.ts), loaded only when an export starts.
 */
import type { AttendantRow } from '@switchboard/shared/contracts/dashboard';
import { writeSheet } from '../../../lib/spreadsheet.ts';

export const ATTENDANTS_SHEET_NAME = 'Atendentes';
export const attendantsFileName = (from: string, to: string): string => `atendentes-${from}-${to}.xlsx`;

export const attendantColumns = ['name', 'rating', 'countRating', 'tickets', 'avgWaitTime', 'avgSupportTime', 'status'] as const;
export type AttendantColumn = (typeof attendantColumns)[number];
export type AttendantExportRow = Record<AttendantColumn, string | number>;

export const attendantExportRows = (
  rows: readonly AttendantRow[],
  status: { online: string; offline: string },
): AttendantExportRow[] =>
  rows.map((r) => ({
    name: r.name,
    rating: r.rating,
    countRating: r.countRating,
    tickets: r.tickets,
    avgWaitTime: r.avgWaitTime,
    avgSupportTime: r.avgSupportTime,
    status: r.online ? status.online : status.offline,
  }));

export const writeAttendantsWorkbook = (
  rows: readonly AttendantExportRow[],
  headers: Record<AttendantColumn, string>,
): Promise<Blob> =>
  writeSheet(
    ATTENDANTS_SHEET_NAME,
    attendantColumns.map((key) => ({ key, header: headers[key], width: key === 'name' ? 32 : 18 })),
    rows,
  );
