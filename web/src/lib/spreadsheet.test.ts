import { describe, expect, it } from 'vitest';
import { createPagedSheetWriter, readSpreadsheetRows, writeWorkbook } from './spreadsheet.ts';

const fileOf = (name: string, content: string | ArrayBuffer | Blob) => {
  const blob = content instanceof Blob ? content : new Blob([content]);
  return { name, text: () => blob.text(), arrayBuffer: () => blob.arrayBuffer() };
};

describe('the spreadsheet module', () => {
  it('writes named sheets with headers, widths and rows that read back, numbers as text kept as text', async () => {
    const blob = await writeWorkbook([
      {
        name: 'Contatos',
        columns: [
          { key: 'name', header: 'Nome', width: 30 },
          { key: 'number', header: 'Número' },
        ],
        rows: [{ name: 'Ana', number: '+5511999990000' }],
      },
      { name: 'Outra', columns: [{ key: 'n', header: 'N' }], rows: [{ n: 1 }, { n: 2 }] },
    ]);
    const rows = await readSpreadsheetRows(fileOf('out.xlsx', blob));
    expect(rows).toEqual([
      ['Nome', 'Número'],
      ['Ana', '+5511999990000'],
    ]);
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array', cellStyles: true });
    expect(book.SheetNames).toEqual(['Contatos', 'Outra']);
    expect(book.Sheets.Contatos!['!cols']?.[0]).toMatchObject({ wch: 30 });
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Outra!, { header: 1 })).toEqual([['N'], [1], [2]]);
  });

  it('reads .xls files too', async () => {
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['name', 'number'],
        ['Bia', '5511988887777'],
      ]),
      'S',
    );
    const xls = XLSX.write(book, { type: 'array', bookType: 'biff8' }) as ArrayBuffer;
    expect(await readSpreadsheetRows(fileOf('old.xls', xls))).toEqual([
      ['name', 'number'],
      ['Bia', '5511988887777'],
    ]);
  });

  it('appends pages to one sheet and reports the row count after each page', async () => {
    const seen: number[] = [];
    const writer = await createPagedSheetWriter('Paged', [{ key: 'id', header: 'Id' }], (n) => seen.push(n));
    writer.append([{ id: 1 }, { id: 2 }]);
    writer.append([]);
    writer.append([{ id: 3 }]);
    expect(seen).toEqual([2, 2, 3]);
    expect(await readSpreadsheetRows(fileOf('p.xlsx', writer.finish()))).toEqual([['Id'], [1], [2], [3]]);
  });
});
