import { describe, expect, it } from 'vitest';
import { attendantExportRows, attendantsFileName, writeAttendantsWorkbook } from './attendants-export.ts';

describe('the attendants export', () => {
  const rows = attendantExportRows(
    [
      { id: 1, name: 'Ana', rating: 9.5, countRating: 2, tickets: 4, avgWaitTime: 1.25, avgSupportTime: 3, online: true },
      { id: 2, name: 'Bia', rating: 0, countRating: 0, tickets: 0, avgWaitTime: 0, avgSupportTime: 0, online: false },
    ],
    { online: 'Online', offline: 'Offline' },
  );

  it('has a row per attendant with the tab’s columns', () => {
    expect(rows[0]).toEqual({
      name: 'Ana',
      rating: 9.5,
      countRating: 2,
      tickets: 4,
      avgWaitTime: 1.25,
      avgSupportTime: 3,
      status: 'Online',
    });
    expect(rows[1]!.status).toBe('Offline');
    expect(attendantsFileName('2026-01-01', '2026-01-31')).toBe('atendentes-2026-01-01-2026-01-31.xlsx');
  });

  it('writes a spreadsheet that reads back with the same rows', async () => {
    const headers = {
      name: 'Nome',
      rating: 'Nota',
      countRating: 'Avaliações',
      tickets: 'Atendimentos',
      avgWaitTime: 'Espera',
      avgSupportTime: 'Atendimento',
      status: 'Status',
    };
    const blob = await writeAttendantsWorkbook(rows, headers);
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
    expect(book.SheetNames).toEqual(['Atendentes']);
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Atendentes!, { header: 1 });
    expect(sheet[0]).toEqual(['Nome', 'Nota', 'Avaliações', 'Atendimentos', 'Espera', 'Atendimento', 'Status']);
    expect(sheet[1]).toEqual(['Ana', 9.5, 2, 4, 1.25, 3, 'Online']);
    expect(sheet).toHaveLength(3);
  });
});
