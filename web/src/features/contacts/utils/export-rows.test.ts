import type { Contact } from '@switchboard/shared/contracts/contacts';
import { describe, expect, it } from 'vitest';
import {
  buildExportRows,
  EXPORT_FILE_NAME,
  EXPORT_PAGE_SIZE,
  EXPORT_SHEET_NAME,
  readAllPages,
  type ContactsPage,
} from './export-rows.ts';
import { makeContact as makeFixtureContact } from '../../../test-fixtures.ts';

/** A contact of the export: Maria Silva, with an e-mail, created in 2025; override what the test is about. */
const makeContact = (overrides: Partial<Contact> = {}): Contact =>
  makeFixtureContact(1, {
    name: 'Maria Silva',
    number: '5511999887766',
    email: 'maria@example.com',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });

const labels = { active: 'Ativo', blocked: 'Bloqueado' };

describe('contact export rows', () => {
  it("uses the spec's file, sheet and page size", () => {
    expect([EXPORT_FILE_NAME, EXPORT_SHEET_NAME, EXPORT_PAGE_SIZE]).toEqual(['backup_contatos.xlsx', 'Contatos', 20]);
  });

  it('writes name, number, e-mail, tag names and status of each contact', () => {
    const rows = buildExportRows(
      [
        makeContact({
          tags: [
            { id: 1, name: 'VIP', color: '#ff0000', kanban: 0 },
            { id: 2, name: 'Lead', color: '#00ff00', kanban: 0 },
          ],
        }),
        makeContact({ id: 2, name: 'João', number: '5521988776655', email: '', active: false }),
      ],
      labels,
    );
    expect(rows).toEqual([
      { name: 'Maria Silva', number: '5511999887766', email: 'maria@example.com', tags: 'VIP, Lead', status: 'Ativo' },
      { name: 'João', number: '5521988776655', email: '', tags: '', status: 'Bloqueado' },
    ]);
  });

  it('exports a number masked by the server exactly as it came, neither unmasked nor masked again', () => {
    const [row] = buildExportRows([makeContact({ number: '55119******66' })], labels);
    expect(row!.number).toBe('55119******66');
    const [plain] = buildExportRows([makeContact({ number: '5511999887766' })], labels);
    expect(plain!.number).toBe('5511999887766');
  });
});

describe('reading every page for the export', () => {
  it('follows the cursors until the server says there is no more', async () => {
    const pages: Record<string, ContactsPage> = {
      first: { contacts: [makeContact({ id: 1 }), makeContact({ id: 2 })], hasMore: true, nextCursor: 'c2' },
      c2: { contacts: [makeContact({ id: 3 })], hasMore: false, nextCursor: null },
    };
    const asked: (string | undefined)[] = [];
    const progress: number[] = [];
    const all = await readAllPages(
      async (cursor) => {
        asked.push(cursor);
        return pages[cursor ?? 'first']!;
      },
      (n) => progress.push(n),
    );
    expect(all.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(asked).toEqual([undefined, 'c2']);
    expect(progress).toEqual([2, 3]);
  });

  it('stops when a page claims more but gives no cursor', async () => {
    let calls = 0;
    const all = await readAllPages(async () => {
      calls++;
      return { contacts: [makeContact()], hasMore: true, nextCursor: null };
    });
    expect(calls).toBe(1);
    expect(all).toHaveLength(1);
  });
});
