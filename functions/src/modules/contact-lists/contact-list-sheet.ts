/**
 * Reading an uploaded contact spreadsheet (.xlsx, .xls or .csv) into rows, with SheetJS (a 0.20 build: the npm
 * `xlsx` 0.18 line has open advisories on untrusted files). Only the first sheet is read, and only up to the row
 * limit: SheetJS stops parsing there (`sheetRows`), so a huge file costs no more than the limit.
 * Columns are found by their header (any letter case and accents): name/nome/nombre, number/numero/phone/telefone/
 * celular/whatsapp, email/e-mail/correo. A sheet without a number column is refused as a whole.
 */
import * as XLSX from '@e965/xlsx';
import { z } from 'zod';
import { contactListNumber, type RefusalReason } from '@switchboard/shared/contracts/contact-lists';

export interface SheetRow {
  /** 1-based row number in the sheet (the header is row 1) */
  row: number;
  name: string;
  number: string;
  email: string;
}

export type CheckedRow =
  | { ok: true; row: number; name: string; number: string; email: string }
  | { ok: false; row: number; reason: RefusalReason; message: string };

export class SheetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SheetError';
  }
}

const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

const headerNames = {
  name: ['name', 'nome', 'nombre', 'fullname', 'contato', 'contacto', 'contact'],
  number: ['number', 'numero', 'phone', 'phonenumber', 'telefone', 'telefono', 'celular', 'whatsapp', 'mobile'],
  email: ['email', 'mail', 'correo', 'correoelectronico'],
} as const;

const columnOf = (headers: string[], names: readonly string[]): number => headers.findIndex((h) => names.includes(fold(h)));

const text = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  // numbers typed as numbers lose nothing below 2^53 (phone numbers are far shorter); never scientific notation
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  return String(v).trim();
};

/** An .xlsx (a zip) or an .xls (an OLE compound file) by its first bytes; anything else is read as text (CSV). */
const isBinarySheet = (data: Uint8Array): boolean =>
  (data[0] === 0x50 && data[1] === 0x4b) || (data[0] === 0xd0 && data[1] === 0xcf && data[2] === 0x11 && data[3] === 0xe0);

/**
 * A CSV's text: UTF-8 when its bytes are UTF-8 (what spreadsheet programs and scripts write today; SheetJS alone
 * would read its accents as Latin-1), otherwise the bytes as they are, which SheetJS reads as Windows-1252.
 */
const csvText = (data: Uint8Array): string | undefined => {
  if (isBinarySheet(data)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return undefined;
  }
};

/**
 * The rows of the file's first sheet, at most `maxRows` data rows; `truncated` tells that more rows followed.
 * Throws SheetError when the file cannot be read or has no number column.
 */
export const readContactSheet = (data: Uint8Array, maxRows: number): { rows: SheetRow[]; truncated: boolean } => {
  let workbook: XLSX.WorkBook;
  try {
    // +2: the header, and one more row to know whether the file went past the limit
    const options = { sheetRows: maxRows + 2, dense: true, cellDates: false, cellHTML: false, cellFormula: false } as const;
    const text = csvText(data);
    workbook =
      text === undefined ? XLSX.read(data, { type: 'array', ...options }) : XLSX.read(text, { type: 'string', ...options });
  } catch {
    throw new SheetError('The file is not a spreadsheet that can be read');
  }
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
  if (!sheet) throw new SheetError('The file has no sheet');
  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  const headers = (matrix[0] ?? []).map(text);
  const columns = {
    name: columnOf(headers, headerNames.name),
    number: columnOf(headers, headerNames.number),
    email: columnOf(headers, headerNames.email),
  };
  if (columns.number < 0) throw new SheetError('The sheet has no number column (expected headers: name, number, email)');
  const rows: SheetRow[] = [];
  for (let i = 1; i < matrix.length && rows.length <= maxRows; i++) {
    const cells = matrix[i] ?? [];
    const row = {
      row: i + 1,
      name: columns.name >= 0 ? text(cells[columns.name]) : '',
      number: text(cells[columns.number]),
      email: columns.email >= 0 ? text(cells[columns.email]) : '',
    };
    if (!row.name && !row.number && !row.email) continue;
    rows.push(row);
  }
  const truncated = rows.length > maxRows;
  return { rows: truncated ? rows.slice(0, maxRows) : rows, truncated };
};

const nameRule = z.string().trim().min(2, 'Too Short!').max(50, 'Too Long!');
const emailRule = z.union([z.literal(''), z.string().trim().toLowerCase().email('Invalid email').max(254, 'Too Long!')]);

/** A row against the item rules of spec section 5 (name 2 to 50, number 8 to 50 digits, a valid e-mail or none). */
export const checkRow = (r: SheetRow): CheckedRow => {
  const name = nameRule.safeParse(r.name);
  if (!name.success)
    return { ok: false, row: r.row, reason: 'name', message: r.name ? name.error.issues[0]!.message : 'Required' };
  const number = contactListNumber.safeParse(r.number);
  if (!number.success) return { ok: false, row: r.row, reason: 'number', message: number.error.issues[0]!.message };
  const email = emailRule.safeParse(r.email);
  if (!email.success) return { ok: false, row: r.row, reason: 'email', message: email.error.issues[0]!.message };
  return { ok: true, row: r.row, name: name.data, number: number.data, email: email.data };
};
