import { describe, expect, it } from 'vitest';
import {
  cellText,
  guessMapping,
  isMappingUsable,
  mapRows,
  normaliseTable,
  rowsToImport,
  validateImportRow,
} from './import-mapping.ts';

describe('cells of an imported sheet', () => {
  it('writes phone numbers stored as numbers in full', () => {
    expect(cellText(5511999887766)).toBe('5511999887766');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText('  Ana ')).toBe('Ana');
    expect(cellText(null)).toBe('');
    expect(cellText(new Date('2025-03-04T00:00:00Z'))).toBe('2025-03-04');
  });

  it("pads short rows and drops empty ones, keeping each row's line in the file", () => {
    const table = normaliseTable([['Nome', 'Número'], [], ['Ana', 5511999887766, 'extra'], ['', '', '']]);
    expect(table.cells).toEqual([
      ['Nome', 'Número', ''],
      ['Ana', '5511999887766', 'extra'],
    ]);
    expect(table.lines).toEqual([1, 3]);
  });
});

describe('guessing the column mapping', () => {
  it('reads header names in any of the four languages, with accents and case ignored', () => {
    expect(guessMapping(['Nome', 'Número', 'E-mail'], [])).toEqual({ name: 0, number: 1, email: 2 });
    expect(guessMapping(['Correo', 'Nombre', 'Teléfono'], [])).toEqual({ name: 1, number: 2, email: 0 });
    expect(guessMapping(['Ad', 'Telefon', 'E-posta'], [])).toEqual({ name: 0, number: 1, email: 2 });
    expect(guessMapping(['Phone number', 'Full name'], [])).toEqual({ name: 1, number: 0, email: null });
  });

  it('falls back on the content when there is no header', () => {
    const sample = [
      ['ana@example.com', 'Ana Souza', '+55 (11) 99988-7766'],
      ['', 'Bruno Lima', '5521988776655'],
    ];
    expect(guessMapping(undefined, sample)).toEqual({ name: 1, number: 2, email: 0 });
  });

  it('leaves a field unmapped when nothing fits, and needs name and number to import', () => {
    const mapping = guessMapping(['Cidade', 'Idade'], [['São Paulo', '33']]);
    expect(mapping.number).toBeNull();
    expect(mapping.email).toBeNull();
    expect(isMappingUsable(mapping)).toBe(false);
    expect(isMappingUsable({ name: 0, number: 1, email: null })).toBe(true);
  });
});

describe('rows to import', () => {
  const table = normaliseTable([
    ['Nome', 'Telefone', 'Email'],
    ['Ana', '5511999887766', 'ana@example.com'],
    ['Bruno', '123', ''],
  ]);

  it('skips the header row and picks the mapped columns', () => {
    expect(mapRows(table, { name: 0, number: 1, email: 2 }, true)).toEqual([
      { line: 2, name: 'Ana', number: '5511999887766', email: 'ana@example.com' },
      { line: 3, name: 'Bruno', number: '123', email: '' },
    ]);
  });

  it('keeps the first row as data when there is no header, and leaves an unmapped e-mail empty', () => {
    const rows = mapRows(table, { name: 0, number: 1, email: null }, false);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({ line: 1, name: 'Nome', number: 'Telefone', email: '' });
  });

  it('flags the fields the server will refuse, with the spec messages', () => {
    expect(validateImportRow({ line: 2, name: 'Ana', number: '5511999887766', email: 'ana@example.com' })).toEqual({});
    expect(validateImportRow({ line: 3, name: 'B', number: '123', email: 'not-an-email' })).toEqual({
      name: 'validation.tooShort',
      number: 'validation.tooShort',
      email: 'validation.invalidEmail',
    });
    expect(validateImportRow({ line: 4, name: '', number: '', email: '' })).toEqual({
      name: 'validation.requiredEn',
      number: 'validation.requiredEn',
    });
  });

  it('applies the server rule of phone numbers: eight digits at least, formatting aside', () => {
    expect(validateImportRow({ line: 5, name: 'Ana', number: '+55 (11) -', email: '' })).toEqual({
      number: 'validation.tooShort',
    });
    expect(validateImportRow({ line: 6, name: 'Ana', number: 'sem número', email: '' })).toEqual({
      number: 'validation.tooShort',
    });
    expect(validateImportRow({ line: 7, name: 'Ana', number: '+55 (11) 99988-7766', email: '' })).toEqual({});
  });
});

describe('rows sent by the import', () => {
  it('are the selected rows with nothing flagged, in file order', () => {
    const rows = [
      { line: 2, name: 'Ana', number: '5511999887766', email: '' },
      { line: 3, name: 'X', number: '12', email: 'sem-arroba' },
      { line: 4, name: 'Bia', number: '5511999887700', email: 'bia@example.com' },
      { line: 5, name: 'Caio', number: '5511999887711', email: '' },
    ];
    expect(rowsToImport(rows, new Set([2, 3, 4])).map((r) => r.line)).toEqual([2, 4]);
    expect(rowsToImport(rows, new Set([3]))).toEqual([]);
  });
});
