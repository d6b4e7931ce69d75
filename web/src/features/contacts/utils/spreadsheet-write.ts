import { writeSheet } from '../../../lib/spreadsheet.ts';
import { EXPORT_SHEET_NAME, exportColumns, type ExportColumn, type ExportRow } from './export-rows.ts';

/**
 * Writing the contact export through the app's spreadsheet module (loaded only when an export starts). Numbers are
 * written as text: a masked number, or one with a leading +, must not be turned into a figure.
 */
const widths: Record<ExportColumn, number> = { name: 32, number: 22, email: 32, tags: 28, status: 14 };

export const writeContactsWorkbook = (rows: readonly ExportRow[], headers: Record<ExportColumn, string>): Promise<Blob> =>
  writeSheet(
    EXPORT_SHEET_NAME,
    exportColumns.map((key) => ({ key, header: headers[key], width: widths[key] })),
    rows.map((row) => ({ ...row, number: String(row.number) })),
  );

export { downloadBlob } from '../../../lib/download-blob.ts';
