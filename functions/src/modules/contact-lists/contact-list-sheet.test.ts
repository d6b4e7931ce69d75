import { describe, expect, it } from 'vitest';
import { readContactSheet } from './contact-list-sheet.ts';

describe('reading a contact list CSV', () => {
  it('reads a UTF-8 file separated by semicolons with its accents intact', () => {
    const csv = new TextEncoder().encode('Nome;Telefone;E-mail\nJoão Araújo;5511966660002;joao@example.com\n');
    expect(readContactSheet(csv, 10).rows).toEqual([
      { row: 2, name: 'João Araújo', number: '5511966660002', email: 'joao@example.com' },
    ]);
  });

  it('reads a UTF-8 file with a byte order mark and commas', () => {
    const csv = new TextEncoder().encode('\ufeffname,number,email\r\nCecília,5511966660003,\r\n');
    expect(readContactSheet(csv, 10).rows).toEqual([{ row: 2, name: 'Cecília', number: '5511966660003', email: '' }]);
  });

  it('reads a Windows-1252 file, as older spreadsheet programs save CSV', () => {
    const csv = Uint8Array.from(
      [...'nome;numero\nJo']
        .map((c) => c.charCodeAt(0))
        .concat(
          [0xe3],
          [...'o;5511966660004\n'].map((c) => c.charCodeAt(0)),
        ),
    );
    expect(readContactSheet(csv, 10).rows).toEqual([{ row: 2, name: 'João', number: '5511966660004', email: '' }]);
  });
});
