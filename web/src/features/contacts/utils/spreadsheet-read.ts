/**
 * Reading an uploaded sheet for the contacts import, through the app's spreadsheet module (SheetJS, loaded only
 * when a file is chosen). The first sheet is read as rows of raw cells; CSV and text files as text.
 */
import { readSpreadsheetRows } from '../../../lib/spreadsheet.ts';

export const ACCEPTED_EXTENSIONS = ['.xls', '.xlsx', '.csv', '.txt'] as const;

export const isAcceptedFile = (name: string): boolean => ACCEPTED_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

export const readSpreadsheet = (file: Pick<File, 'name' | 'text' | 'arrayBuffer'>): Promise<unknown[][]> =>
  readSpreadsheetRows(file);
