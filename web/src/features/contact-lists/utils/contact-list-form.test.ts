import { describe, expect, it } from 'vitest';
import { readSpreadsheetRows } from '../../../lib/spreadsheet.ts';
import { importInProgress, isImportFile, validateItemForm, validateListName, writeSampleSheet } from './contact-list-form.ts';

describe('the contact list forms', () => {
  it('check the list name as the spec says', () => {
    expect(validateListName('')).toBe('Required');
    expect(validateListName('a')).toBe('Too Short!');
    expect(validateListName('a'.repeat(51))).toBe('Too Long!');
    expect(validateListName('Clientes')).toBeUndefined();
  });

  it('check an item: name, number digits and e-mail', () => {
    expect(validateItemForm({ name: 'Ana', number: '+55 (11) 9999-0000', email: '' })).toEqual({});
    expect(validateItemForm({ name: 'A', number: '12-34', email: 'x' })).toEqual({
      name: 'Too Short!',
      number: 'Too Short!',
      email: 'Invalid email',
    });
  });

  it('accept .xls, .xlsx and .csv files for the import, and no other', () => {
    expect(['a.xls', 'b.XLSX', 'c.csv', 'd.CSV'].every(isImportFile)).toBe(true);
    expect(isImportFile('c.txt')).toBe(false);
    expect(isImportFile('d.xlsx.pdf')).toBe(false);
  });

  it('write a sample sheet whose headers the import reads', async () => {
    const blob = await writeSampleSheet({ sheet: 'Contatos', exampleName: 'Maria', exampleEmail: 'maria@example.com' });
    const rows = await readSpreadsheetRows({
      name: 'sample.xlsx',
      text: () => blob.text(),
      arrayBuffer: () => blob.arrayBuffer(),
    });
    expect(rows).toEqual([
      ['name', 'number', 'email'],
      ['Maria', '5511999999999', 'maria@example.com'],
    ]);
  });

  it('tell an import under way from a finished one', () => {
    const base = {
      id: 'x',
      fileName: 'a.xlsx',
      total: 0,
      added: 0,
      updated: 0,
      refused: 0,
      refusedRows: [],
      error: null,
      createdAt: '',
      finishedAt: null,
    };
    expect(importInProgress({ ...base, status: 'running' })).toBe(true);
    expect(importInProgress({ ...base, status: 'done' })).toBe(false);
    expect(importInProgress(null)).toBe(false);
  });
});
