/**
 * The app's one spreadsheet library: SheetJS (`@e965/xlsx`, a 0.20 build; it reads .xls, .xlsx and .csv and
 * writes .xlsx). It is loaded only when a file is read or written (dynamic import), so the main bundle does not
 * carry it. Imports read the first sheet as rows of raw cells; exports write named sheets of rows with a header row
 * and column widths; long exports append rows page by page through a paged writer that reports its progress.
 */
import type * as SheetJsModule from '@e965/xlsx';
import { downloadBlob } from './download-blob.ts';

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type SheetJs = typeof SheetJsModule;
let loading: Promise<SheetJs> | undefined;
const sheetJs = (): Promise<SheetJs> => (loading ??= import('@e965/xlsx'));

export type Cell = string | number | boolean | null | undefined;

export interface SheetColumn<K extends string = string> {
  key: K;
  header: string;
  /** width in characters */
  width?: number;
}

export interface SheetData<K extends string = string> {
  name: string;
  columns: readonly SheetColumn<K>[];
  rows: readonly Partial<Record<K, Cell>>[];
}

const isText = (name: string) => /\.(csv|txt)$/i.test(name);

/**
 * The first sheet of a file as rows of cells (header row included, blank rows kept so row numbers match the
 * sheet). CSV and text files are read as text without value guessing, so "+55 11 ..." and leading zeros survive.
 */
export const readSpreadsheetRows = async (file: Pick<File, 'name' | 'text' | 'arrayBuffer'>): Promise<unknown[][]> => {
  const XLSX = await sheetJs();
  const workbook = isText(file.name)
    ? XLSX.read(await file.text(), { type: 'string', raw: true })
    : XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: 'array', cellDates: true });
  const first = workbook.SheetNames[0];
  const sheet = first ? workbook.Sheets[first] : undefined;
  if (!sheet) return [];
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
};

const cellsOf = <K extends string>(columns: readonly SheetColumn<K>[], row: Partial<Record<K, Cell>>): Cell[] =>
  columns.map((c) => {
    const v = row[c.key];
    return v === undefined || v === null ? '' : v;
  });

/** Excel caps a sheet name at 31 characters and refuses a few symbols. */
const sheetName = (name: string): string => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';

/** A workbook of the sheets, as an .xlsx file. */
export const writeWorkbook = async (sheets: readonly SheetData[]): Promise<Blob> => {
  const XLSX = await sheetJs();
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) {
    const ws = XLSX.utils.aoa_to_sheet([sheet.columns.map((c) => c.header), ...sheet.rows.map((r) => cellsOf(sheet.columns, r))]);
    ws['!cols'] = sheet.columns.map((c) => ({ wch: c.width ?? Math.max(10, c.header.length + 2) }));
    XLSX.utils.book_append_sheet(book, ws, sheetName(sheet.name));
  }
  const data = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return new Blob([data], { type: XLSX_MIME_TYPE });
};

/** One sheet of rows as an .xlsx file. */
export const writeSheet = <K extends string>(
  name: string,
  columns: readonly SheetColumn<K>[],
  rows: readonly Partial<Record<K, Cell>>[],
): Promise<Blob> => writeWorkbook([{ name, columns, rows } as SheetData]);

/** Writes the sheets and hands the file to the browser as `fileName`. */
export const downloadWorkbook = async (fileName: string, sheets: readonly SheetData[]): Promise<void> => {
  downloadBlob(await writeWorkbook(sheets), fileName);
};

export interface PagedSheetWriter<K extends string> {
  /** appends a page of rows under the ones written so far; answers how many rows the sheet has now */
  append(rows: readonly Partial<Record<K, Cell>>[]): number;
  readonly rowCount: number;
  /** the workbook with everything appended */
  finish(): Blob;
}

/**
 * A sheet written page by page (the report export reads its tickets a page at a time): each page is appended as
 * it arrives, so only the sheet grows, never a second copy of every row. `onProgress` hears the row count after
 * each page.
 */
export const createPagedSheetWriter = async <K extends string>(
  name: string,
  columns: readonly SheetColumn<K>[],
  onProgress?: (rows: number) => void,
): Promise<PagedSheetWriter<K>> => {
  const XLSX = await sheetJs();
  const ws = XLSX.utils.aoa_to_sheet([columns.map((c) => c.header)]);
  ws['!cols'] = columns.map((c) => ({ wch: c.width ?? Math.max(10, c.header.length + 2) }));
  let count = 0;
  return {
    append(rows) {
      if (rows.length > 0)
        XLSX.utils.sheet_add_aoa(
          ws,
          rows.map((r) => cellsOf(columns, r)),
          { origin: -1 },
        );
      count += rows.length;
      onProgress?.(count);
      return count;
    },
    get rowCount() {
      return count;
    },
    finish() {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, ws, sheetName(name));
      const data = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
      return new Blob([data], { type: XLSX_MIME_TYPE });
    },
  };
};
