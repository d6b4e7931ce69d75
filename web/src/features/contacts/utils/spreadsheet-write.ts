import { EXPORT_SHEET_NAME, exportColumns, type ExportColumn, type ExportRow } from './export-rows.ts';

/**
 * Writing the contact export with exceljs, loaded only when an export starts so the app's main bundle does
 * not carry it.
 */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const widths: Record<ExportColumn, number> = { name: 32, number: 22, email: 32, tags: 28, status: 14 };

export const writeContactsWorkbook = async (rows: readonly ExportRow[], headers: Record<ExportColumn, string>): Promise<Blob> => {
  const module = await import('exceljs');
  // the browser build is a UMD bundle: the library arrives as the default export there, as named exports in Node
  const ExcelJS = module.default ?? module;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(EXPORT_SHEET_NAME);
  sheet.columns = exportColumns.map((key) => ({ header: headers[key], key, width: widths[key] }));
  sheet.getRow(1).font = { bold: true };
  // numbers are text: a masked number, or one with a leading +, must not be turned into a figure
  sheet.getColumn('number').numFmt = '@';
  sheet.addRows(rows.map((row) => ({ ...row })));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
};

export { downloadBlob } from '../../../lib/download-blob.ts';
