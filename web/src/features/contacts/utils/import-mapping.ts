import { contactImportRow } from '@switchboard/shared/contracts/contacts';
import { messageKey } from './field-messages.ts';

/**
 * The import screen's pure part: turning a parsed sheet into rows of text, guessing which column holds the
 * name, the number and the e-mail, and checking each row with the schema the API applies.
 */
export const importFields = ['name', 'number', 'email'] as const;
export type ImportField = (typeof importFields)[number];

/** Column index chosen for each field; null when the file has no such column. */
export type ColumnMapping = Record<ImportField, number | null>;

export interface ImportRow {
  /** the row's line in the file (1-based, as a spreadsheet numbers it) */
  line: number;
  name: string;
  number: string;
  email: string;
}

export type RowErrors = Partial<Record<ImportField, string>>;

/**
 * A cell as text. Spreadsheet numbers are written in full (5511999887766, never 5.51E+12), since a phone
 * number stored as a number is the usual case; dates as their ISO day.
 */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
};

/** Rows of text, all of the same width, without the rows that are entirely empty. */
export const normaliseTable = (rows: readonly (readonly unknown[])[]): { lines: number[]; cells: string[][] } => {
  const width = rows.reduce((max, r) => Math.max(max, r.length), 0);
  const lines: number[] = [];
  const cells: string[][] = [];
  rows.forEach((row, i) => {
    const texts = Array.from({ length: width }, (_, c) => cellText(row[c]));
    if (texts.every((t) => t === '')) return;
    lines.push(i + 1);
    cells.push(texts);
  });
  return { lines, cells };
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Header words in the four interface languages (folded: no accents, spaces or punctuation). */
const headerWords: Record<ImportField, readonly string[]> = {
  name: ['name', 'nome', 'nombre', 'isim', 'ad', 'adsoyad', 'fullname', 'nomecompleto', 'contato', 'contact', 'contacto', 'kisi'],
  number: ['number', 'numero', 'phone', 'telefone', 'telefono', 'telefon', 'celular', 'mobile', 'whatsapp', 'fone', 'tel', 'gsm'],
  email: ['email', 'mail', 'correo', 'correoelectronico', 'eposta'],
};

const looksLikePhone = (text: string) => /^\+?[\d\s().-]{8,}$/.test(text) && text.replace(/\D/g, '').length >= 8;
const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

const share = (rows: readonly string[][], column: number, test: (t: string) => boolean) => {
  const filled = rows.map((r) => r[column] ?? '').filter((t) => t !== '');
  return filled.length === 0 ? 0 : filled.filter(test).length / filled.length;
};

/**
 * Header names first (exact word, then a header that starts with one); then the content of the first rows for
 * what is still missing: a column of phone numbers, one of e-mails, and the first other text column as name.
 */
export const guessMapping = (header: readonly string[] | undefined, sample: readonly string[][]): ColumnMapping => {
  const mapping: ColumnMapping = { name: null, number: null, email: null };
  const taken = new Set<number>();
  const take = (field: ImportField, column: number) => {
    mapping[field] = column;
    taken.add(column);
  };
  if (header) {
    const folded = header.map(fold);
    for (const field of importFields) {
      const exact = folded.findIndex((h, i) => !taken.has(i) && headerWords[field].includes(h));
      if (exact >= 0) {
        take(field, exact);
        continue;
      }
      const prefixed = folded.findIndex(
        (h, i) => !taken.has(i) && h !== '' && headerWords[field].some((w) => w.length >= 4 && h.startsWith(w)),
      );
      if (prefixed >= 0) take(field, prefixed);
    }
  }
  const width = Math.max(header?.length ?? 0, ...sample.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => i);
  if (mapping.number === null) {
    const column = columns.find((c) => !taken.has(c) && share(sample, c, looksLikePhone) >= 0.6);
    if (column !== undefined) take('number', column);
  }
  if (mapping.email === null) {
    const column = columns.find((c) => !taken.has(c) && share(sample, c, looksLikeEmail) >= 0.6);
    if (column !== undefined) take('email', column);
  }
  if (mapping.name === null) {
    const column = columns.find((c) => !taken.has(c) && share(sample, c, (t) => /\p{L}/u.test(t)) >= 0.6);
    if (column !== undefined) take('name', column);
  }
  return mapping;
};

/** The rows to import: the data rows (after the header when there is one) seen through the mapping. */
export const mapRows = (
  table: { lines: number[]; cells: string[][] },
  mapping: ColumnMapping,
  hasHeader: boolean,
): ImportRow[] => {
  const pick = (row: string[], column: number | null) => (column === null ? '' : (row[column] ?? '').trim());
  const start = hasHeader ? 1 : 0;
  return table.cells.slice(start).map((row, i) => ({
    line: table.lines[i + start]!,
    name: pick(row, mapping.name),
    number: pick(row, mapping.number),
    email: pick(row, mapping.email),
  }));
};

/**
 * The schema's verdict on a row, field by field (i18n keys): what the server would refuse. A flagged row is not
 * sent; what is sent is reported with the server's own answer.
 */
export const validateImportRow = (row: ImportRow): RowErrors => {
  const errors: RowErrors = {};
  for (const field of importFields) {
    if (field !== 'email' && row[field] === '') {
      errors[field] = 'validation.requiredEn';
      continue;
    }
    const result = contactImportRow.shape[field].safeParse(row[field]);
    if (!result.success) errors[field] = messageKey(result.error.issues[0]?.message ?? 'Required');
  }
  return errors;
};

/** Whether the row is fit to be sent (nothing flagged). */
export const isImportable = (row: ImportRow): boolean => Object.keys(validateImportRow(row)).length === 0;

/** The rows the import sends: those selected that nothing is flagged in, in the file's order. */
export const rowsToImport = (rows: readonly ImportRow[], selected: ReadonlySet<number>): ImportRow[] =>
  rows.filter((r) => selected.has(r.line) && isImportable(r));

export const isMappingUsable = (mapping: ColumnMapping): boolean => mapping.name !== null && mapping.number !== null;
