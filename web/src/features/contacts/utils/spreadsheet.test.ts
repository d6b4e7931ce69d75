import { describe, expect, it } from 'vitest';
import { EXPORT_SHEET_NAME } from './export-rows.ts';
import { normaliseTable } from './import-mapping.ts';
import { isAcceptedFile, readSpreadsheet } from './spreadsheet-read.ts';
import { writeContactsWorkbook } from './spreadsheet-write.ts';

const headers = { name: 'Nome', number: 'Número', email: 'E-mail', tags: 'Etiquetas', status: 'Situação' };

const fileOf = (name: string, content: string | ArrayBuffer) => {
  const blob = new Blob([content]);
  return { name, text: () => blob.text(), arrayBuffer: () => blob.arrayBuffer() };
};

describe('spreadsheet files', () => {
  it('accepts xls, xlsx, csv and txt only', () => {
    expect(['a.xls', 'b.XLSX', 'c.csv', 'd.txt'].every(isAcceptedFile)).toBe(true);
    expect(isAcceptedFile('e.pdf')).toBe(false);
  });

  it('reads a semicolon CSV as text, keeping a leading + and zeros of numbers', async () => {
    const rows = await readSpreadsheet(
      fileOf('list.csv', 'Nome;Telefone;Email\nAna;+5511999887766;ana@example.com\nBia;011988776655;\n'),
    );
    expect(normaliseTable(rows).cells).toEqual([
      ['Nome', 'Telefone', 'Email'],
      ['Ana', '+5511999887766', 'ana@example.com'],
      ['Bia', '011988776655', ''],
    ]);
  });

  it('writes the export to a sheet named Contatos that the import reads back', async () => {
    const blob = await writeContactsWorkbook(
      [{ name: 'Maria', number: '55119******66', email: 'm@example.com', tags: 'VIP', status: 'Ativo' }],
      headers,
    );
    const buffer = await blob.arrayBuffer();
    const XLSX = await import('@e965/xlsx');
    expect(XLSX.read(new Uint8Array(buffer), { type: 'array' }).SheetNames).toEqual([EXPORT_SHEET_NAME]);
    const rows = await readSpreadsheet(fileOf('backup_contatos.xlsx', buffer));
    expect(normaliseTable(rows).cells).toEqual([
      ['Nome', 'Número', 'E-mail', 'Etiquetas', 'Situação'],
      ['Maria', '55119******66', 'm@example.com', 'VIP', 'Ativo'],
    ]);
  });
});
