/**
 * Contact lists and their items through the local gateway: validation, paging and search, permissions, another
 * company's records, the spreadsheet import (real .xlsx, .xls and .csv files uploaded to the media store and read
 * by the job) and the WhatsApp check of each number over a scripted Baileys socket.
 */
import * as XLSX from '@e965/xlsx';
import type { Connection } from '@switchboard/shared/contracts/connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf, SocketProbe, startApi } from '../../../../test/api.ts';
import { signupOnPlan, addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { FakeBaileysSocket, FakeSocketFactory } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import { addPlan, defaultPlanInput } from '../plans/plans.service.ts';
import { countValidContactListItems, pageContactListItems, saveItem } from './contact-lists.service.ts';
import { getItem, replaceItem } from './contact-lists.repository.ts';
import { until } from '../../../../test/until.ts';

let runtime: Runtime;
let company: TestCompany;
let probe: SocketProbe;
const fakes = new FakeSocketFactory();

interface List {
  id: number;
  name: string;
  contactsCount: number;
  validCount: number;
  pendingCount: number;
  lastImport: null | {
    id: string;
    status: string;
    total: number;
    added: number;
    updated: number;
    refused: number;
    refusedRows: { row: number; reason: string; message: string }[];
    error: string | null;
  };
}
interface Item {
  id: number;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean;
  checkedAt: string | null;
  contactListId: number;
  companyId: number;
}

const newList = async (name: string, client = company.admin): Promise<List> => {
  const res = await client.post('/contact-lists', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as List;
};
const newItem = async (body: Record<string, unknown>, client = company.admin): Promise<Item> => {
  const res = await client.post('/contact-list-items', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Item;
};
const listOf = async (id: number, client = company.admin) => (await client.get(`/contact-lists/${id}`)).body as List;
const itemsOf = async (listId: number, search = '', client = company.admin) =>
  (await client.get(`/contact-list-items?contactListId=${listId}${search ? `&searchParam=${encodeURIComponent(search)}` : ''}`))
    .body.contacts as Item[];

const sheetFile = (rows: unknown[][], bookType: XLSX.BookType): Uint8Array => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Contatos');
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType }) as ArrayBuffer);
};
const types = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
} as const;

/** Uploads a file as the web app does (signed address, then the import) and waits for the import to end. */
const importFile = async (listId: number, data: Uint8Array, ext: keyof typeof types, client = company.admin): Promise<List> => {
  const prepared = await client.post(`/contact-lists/${listId}/upload`, {
    name: `contatos.${ext}`,
    mimeType: types[ext],
    size: data.byteLength,
  });
  expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
  const uploadUrl = new URL(prepared.body.uploadUrl, runtime.url).toString();
  const put = await fetch(uploadUrl, { method: 'PUT', headers: prepared.body.headers, body: data });
  expect(put.status).toBeLessThan(300);
  const started = await client.post(`/contact-lists/${listId}/imports/${prepared.body.import.id}`);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return until(
    () => listOf(listId, client),
    (l) => l.lastImport?.id === prepared.body.import.id && ['done', 'failed'].includes(l.lastImport?.status ?? ''),
  );
};

beforeAll(async () => {
  runtime = await startApi({ whatsappSocketFactory: fakes.factory });
  company = await signupCompany(runtime, 'Listas Co');
  probe = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
});
afterAll(async () => {
  await probe?.close();
  await runtime?.stop();
});

describe('contact lists', () => {
  it('creates, shows, renames and lists them by name with search and pages, telling the admins live', async () => {
    const list = await newList('Clientes VIP');
    expect(list).toMatchObject({ name: 'Clientes VIP', contactsCount: 0, validCount: 0, pendingCount: 0, lastImport: null });
    await probe.waitFor(
      (f) => f.event === `company-${company.companyId}-ContactList` && f.data.action === 'create' && f.data.record.id === list.id,
    );
    expect(await listOf(list.id)).toEqual(list);
    const renamed = await company.admin.put(`/contact-lists/${list.id}`, { name: 'Clientes Ouro' });
    expect(renamed.body).toMatchObject({ id: list.id, name: 'Clientes Ouro' });
    await probe.waitFor(
      (f) =>
        f.event === `company-${company.companyId}-ContactList` &&
        f.data.action === 'update' &&
        f.data.record.name === 'Clientes Ouro',
    );

    for (let i = 0; i < 21; i++) await newList(`Page ${String(i).padStart(2, '0')}`);
    const first = await company.admin.get('/contact-lists?searchParam=page&pageNumber=1');
    expect(first.body.records).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.records[0].name).toBe('Page 00');
    const second = await company.admin.get('/contact-lists?searchParam=PAGE&pageNumber=2');
    expect(second.body).toMatchObject({ hasMore: false, records: [{ name: 'Page 20' }] });
    expect((await company.admin.get('/contact-lists?searchParam=clientes')).body.records.map((r: List) => r.name)).toEqual([
      'Clientes Ouro',
    ]);
    const picker = (await company.admin.get('/contact-lists/list')).body as List[];
    expect(picker.map((r) => r.name)).toContain('Clientes Ouro');
  });

  it('requires a name of 2 to 50 characters (Required, Too Short!, Too Long!) and writes nothing on bad input', async () => {
    const before = (await company.admin.get('/contact-lists/list')).body.length;
    expect(fieldsOf((await company.admin.post('/contact-lists', {})).body)).toEqual({ 'body.name': 'Required' });
    expect(fieldsOf((await company.admin.post('/contact-lists', { name: '  ' })).body)).toEqual({ 'body.name': 'Required' });
    expect(fieldsOf((await company.admin.post('/contact-lists', { name: 'x' })).body)).toEqual({ 'body.name': 'Too Short!' });
    expect(fieldsOf((await company.admin.post('/contact-lists', { name: 'x'.repeat(51) })).body)).toEqual({
      'body.name': 'Too Long!',
    });
    expect((await company.admin.post('/contact-lists', { name: 'x' })).status).toBe(400);
    expect((await company.admin.get('/contact-lists/list')).body).toHaveLength(before);
  });
});

describe('contact list items', () => {
  it('adds items with the number as digits, counts them, refuses a number the list has (409) and searches by name or number', async () => {
    const list = await newList('Itens');
    const ana = await newItem({
      name: 'Ana Souza',
      number: '+55 (11) 98888-0001',
      email: 'ANA@example.com',
      contactListId: list.id,
      companyId: 999,
    });
    expect(ana).toMatchObject({
      name: 'Ana Souza',
      number: '5511988880001',
      email: 'ana@example.com',
      contactListId: list.id,
      companyId: company.companyId,
    });
    await probe.waitFor(
      (f) =>
        f.event === `company-${company.companyId}-ContactListItem` && f.data.action === 'create' && f.data.record.id === ana.id,
    );
    await newItem({ name: 'Bruno Lima', number: '5511988880002', contactListId: list.id });
    const dup = await company.admin.post('/contact-list-items', {
      name: 'Ana de novo',
      number: '5511988880001',
      contactListId: list.id,
    });
    expect(dup).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
    expect((await listOf(list.id)).contactsCount).toBe(2);
    expect((await itemsOf(list.id, 'bru')).map((i) => i.name)).toEqual(['Bruno Lima']);
    expect((await itemsOf(list.id, '55119888800')).map((i) => i.name).sort()).toEqual(['Ana Souza', 'Bruno Lima']);
    expect((await itemsOf(list.id, '+55 11 98888-0001')).map((i) => i.name)).toEqual(['Ana Souza']);

    // the same number in another list is another item
    const other = await newList('Outra');
    await newItem({ name: 'Ana Souza', number: '5511988880001', contactListId: other.id });

    const edited = await company.admin.put(`/contact-list-items/${ana.id}`, {
      name: 'Ana S.',
      number: '5511988880003',
      email: '',
    });
    expect(edited.body).toMatchObject({ name: 'Ana S.', number: '5511988880003', email: '' });
    expect((await company.admin.put(`/contact-list-items/${ana.id}`, { name: 'Ana S.', number: '5511988880002' })).status).toBe(
      409,
    );
    // the freed number can be used again
    await newItem({ name: 'Carla', number: '5511988880001', contactListId: list.id });
    expect((await company.admin.delete(`/contact-list-items/${ana.id}`)).status).toBe(200);
    expect((await company.admin.get(`/contact-list-items/${ana.id}`)).status).toBe(404);
    expect((await listOf(list.id)).contactsCount).toBe(2);
  });

  it('saves an edit made while the background number check wrote the item, on the item as it now is', async () => {
    const list = await newList('Checagem concorrente');
    const item = await newItem({ name: 'Dora Lima', number: '5511988881234', contactListId: list.id });
    // the item's own background check has written it before the race below is staged
    await runtime.idleQueues();
    const read = (await getItem(company.companyId, list.id, item.id))!;
    // the check marks the number valid after the edit read the item
    const checked = { ...read, isWhatsappValid: true, checkedAt: new Date().toISOString(), rev: read.rev + 1 };
    expect(await replaceItem(read, checked)).toBe('ok');
    await expect(saveItem(read, { name: 'Dora L.', number: read.number, email: '' })).rejects.toThrow('changed meanwhile');
    const saved = await saveItem(
      read,
      { name: 'Dora L.', number: read.number, email: '' },
      async () => (await getItem(company.companyId, list.id, item.id))!,
    );
    expect(saved).toMatchObject({ name: 'Dora L.', isWhatsappValid: true, rev: read.rev + 2 });
    expect((await company.admin.get(`/contact-list-items/${item.id}`)).body).toMatchObject({
      name: 'Dora L.',
      isWhatsappValid: true,
    });
  });

  it('validates name 2 to 50, number 8 to 50 digits, the e-mail and the list, writing nothing', async () => {
    const list = await newList('Validacao');
    const bad = async (body: Record<string, unknown>) => {
      const res = await company.admin.post('/contact-list-items', {
        contactListId: list.id,
        name: 'Nome Ok',
        number: '5511977770000',
        ...body,
      });
      expect(res.status).toBe(400);
      return fieldsOf(res.body);
    };
    expect(await bad({ name: 'x' })).toEqual({ 'body.name': 'Too Short!' });
    expect(await bad({ name: 'x'.repeat(51) })).toEqual({ 'body.name': 'Too Long!' });
    expect(await bad({ number: '1234-567' })).toEqual({ 'body.number': 'Too Short!' });
    expect(await bad({ number: '1'.repeat(51) })).toEqual({ 'body.number': 'Too Long!' });
    expect(await bad({ email: 'not-an-email' })).toEqual({ 'body.email': 'Invalid email' });
    expect(await bad({ contactListId: undefined })).toHaveProperty(['body.contactListId']);
    expect((await company.admin.get(`/contact-list-items?contactListId=${list.id}`)).body.contacts).toEqual([]);
    expect((await company.admin.get('/contact-list-items')).status).toBe(400);
    expect(
      (await company.admin.post('/contact-list-items', { contactListId: 999999, name: 'Nome Ok', number: '5511977770000' }))
        .status,
    ).toBe(404);
  });

  it('pages a list for campaigns with a cursor and counts the valid numbers (a channel that cannot tell counts them valid)', async () => {
    const list = await newList('Campanha');
    for (let i = 0; i < 5; i++) await newItem({ name: `Pessoa ${i}`, number: `551197000000${i}`, contactListId: list.id });
    // the company has only its web chat: the numbers cannot be checked and count as valid
    await until(
      () => listOf(list.id),
      (l) => l.pendingCount === 0 && l.validCount === 5,
    );
    const first = await pageContactListItems(company.companyId, list.id, undefined, 3);
    expect(first.items.map((i) => i.name)).toEqual(['Pessoa 0', 'Pessoa 1', 'Pessoa 2']);
    expect(first.items.every((i) => i.isWhatsappValid && i.checkedAt)).toBe(true);
    const second = await pageContactListItems(company.companyId, list.id, first.nextCursor!, 3);
    expect(second.items.map((i) => i.name)).toEqual(['Pessoa 3', 'Pessoa 4']);
    expect(second.nextCursor).toBeNull();
    expect(await countValidContactListItems(company.companyId, list.id)).toBe(5);
    // another company's id answers nothing
    expect((await pageContactListItems(company.companyId + 1000, list.id)).items).toEqual([]);
    expect(await countValidContactListItems(company.companyId + 1000, list.id)).toBe(0);
  });

  it('deletes a list with its items in the background', async () => {
    const list = await newList('Apagar');
    const items = [];
    for (let i = 0; i < 3; i++)
      items.push(await newItem({ name: `Apagado ${i}`, number: `551196000000${i}`, contactListId: list.id }));
    expect((await company.admin.delete(`/contact-lists/${list.id}`)).status).toBe(200);
    expect((await company.admin.get(`/contact-lists/${list.id}`)).status).toBe(404);
    await probe.waitFor(
      (f) => f.event === `company-${company.companyId}-ContactList` && f.data.action === 'delete' && f.data.id === list.id,
    );
    for (const item of items)
      await until(
        () => company.admin.get(`/contact-list-items/${item.id}`),
        (r) => r.status === 404,
      );
    expect((await pageContactListItems(company.companyId, list.id)).items).toEqual([]);
  });
});

describe('import', () => {
  it('imports an .xlsx file: adds valid rows, reports refused ones with reasons, and a re-import updates instead of duplicating', async () => {
    const list = await newList('Importada');
    const rows = [
      ['Nome', 'Numero', 'Email', 'Cidade'],
      ['Ana Import', '5511955550001', 'ana@import.com', 'SP'],
      ['Bruno Import', 5511955550002, '', 'RJ'],
      ['X', '5511955550003', '', ''],
      ['Carla Import', '123', '', ''],
      ['Dani Import', '5511955550004', 'bad-mail', ''],
      ['Ana Repetida', '+55 11 95555-0001', '', ''],
      [],
      ['Edu Import', '5511955550005', '', ''],
    ];
    const done = await importFile(list.id, sheetFile(rows, 'xlsx'), 'xlsx');
    expect(done.lastImport).toMatchObject({ status: 'done', total: 7, added: 3, updated: 0, refused: 4 });
    expect(done.lastImport!.refusedRows).toEqual([
      { row: 4, reason: 'name', message: 'Too Short!' },
      { row: 5, reason: 'number', message: 'Too Short!' },
      { row: 6, reason: 'email', message: 'Invalid email' },
      { row: 7, reason: 'duplicate', message: 'The number repeats an earlier row' },
    ]);
    expect(done.contactsCount).toBe(3);
    expect((await itemsOf(list.id)).map((i) => [i.name, i.number, i.email])).toEqual([
      ['Ana Import', '5511955550001', 'ana@import.com'],
      ['Bruno Import', '5511955550002', ''],
      ['Edu Import', '5511955550005', ''],
    ]);

    const again = await importFile(
      list.id,
      sheetFile(
        [
          ['name', 'number', 'email'],
          ['Ana Nova', '5511955550001', 'ana@nova.com'],
          ['Fabi', '5511955550006', ''],
        ],
        'xlsx',
      ),
      'xlsx',
    );
    expect(again.lastImport).toMatchObject({ status: 'done', total: 2, added: 1, updated: 1, refused: 0 });
    expect(again.contactsCount).toBe(4);
    expect((await itemsOf(list.id, 'ana')).map((i) => [i.name, i.email])).toEqual([['Ana Nova', 'ana@nova.com']]);
  });

  it('imports an .xls (BIFF8) file and a .csv file', async () => {
    const list = await newList('Planilha antiga');
    const xls = await importFile(
      list.id,
      sheetFile(
        [
          ['name', 'number'],
          ['Gil Xls', '5511944440001'],
          ['Hana Xls', '5511944440002'],
        ],
        'biff8',
      ),
      'xls',
    );
    expect(xls.lastImport).toMatchObject({ status: 'done', added: 2, refused: 0 });
    const csv = await importFile(
      list.id,
      new TextEncoder().encode('name,number,email\nIvo Csv,5511944440003,ivo@csv.com\n'),
      'csv',
    );
    expect(csv.lastImport).toMatchObject({ status: 'done', added: 1 });
    expect((await itemsOf(list.id)).map((i) => i.name)).toEqual(['Gil Xls', 'Hana Xls', 'Ivo Csv']);
  });

  it('fails an unreadable file or one without a number column as a whole, adding nothing', async () => {
    const list = await newList('Sem numero');
    const noNumber = await importFile(
      list.id,
      sheetFile(
        [
          ['name', 'email'],
          ['Sem Numero', 'a@b.com'],
        ],
        'xlsx',
      ),
      'xlsx',
    );
    expect(noNumber.lastImport).toMatchObject({ status: 'failed', added: 0 });
    expect(noNumber.lastImport!.error).toMatch(/number column/);
    expect(noNumber.contactsCount).toBe(0);
  });

  it('refuses other file types, a start before the upload and another company’s import', async () => {
    const list = await newList('Tipos');
    const pdf = await company.admin.post(`/contact-lists/${list.id}/upload`, {
      name: 'x.pdf',
      mimeType: 'application/pdf',
      size: 10,
    });
    expect(pdf.status).toBe(400);
    expect(fieldsOf(pdf.body)).toHaveProperty(['body.mimeType']);
    const prepared = await company.admin.post(`/contact-lists/${list.id}/upload`, {
      name: 'x.xlsx',
      mimeType: types.xlsx,
      size: 10,
    });
    expect((await company.admin.post(`/contact-lists/${list.id}/imports/${prepared.body.import.id}`)).status).toBe(400);
    const other = await signupCompany(runtime, 'Outra Importadora');
    expect((await other.admin.post(`/contact-lists/${list.id}/imports/${prepared.body.import.id}`)).status).toBe(404);
    expect(
      (await other.admin.post(`/contact-lists/${list.id}/upload`, { name: 'x.xlsx', mimeType: types.xlsx, size: 10 })).status,
    ).toBe(404);
  });
});

describe('WhatsApp check', () => {
  it('marks each number valid or not through the company’s WhatsApp session, rows updating live', async () => {
    const wa = await signupCompany(runtime, 'Checagem WhatsApp');
    const created = await wa.admin.post('/whatsapp', { channel: 'whatsapp', name: 'Vendas', isDefault: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const connection = created.body as Connection;
    const socket = await fakes.next({ companyId: wa.companyId, connectionId: connection.id }, { after: 0 });
    socket.open('5511900002222');
    await until(
      () => wa.admin.get(`/whatsapp/${connection.id}`),
      (r) => r.body.status === 'CONNECTED',
    );
    FakeBaileysSocket.notOnWhatsapp.add('5511933330002');
    const waProbe = await SocketProbe.open(runtime.url, `token=${wa.admin.token}`);
    try {
      const list = await newList('Checar', wa.admin);
      const on = await newItem({ name: 'Tem Zap', number: '5511933330001', contactListId: list.id }, wa.admin);
      const off = await newItem({ name: 'Sem Zap', number: '5511933330002', contactListId: list.id }, wa.admin);
      const update = (id: number) =>
        waProbe.waitFor(
          (f) =>
            f.event === `company-${wa.companyId}-ContactListItem` &&
            f.data.action === 'update' &&
            f.data.record.id === id &&
            f.data.record.checkedAt,
          15_000,
        );
      expect((await update(on.id)).data.record.isWhatsappValid).toBe(true);
      expect((await update(off.id)).data.record.isWhatsappValid).toBe(false);
      expect(socket.callsOf('onWhatsApp').flat()).toEqual(
        expect.arrayContaining(['5511933330001@s.whatsapp.net', '5511933330002@s.whatsapp.net']),
      );
      expect(await listOf(list.id, wa.admin)).toMatchObject({ contactsCount: 2, validCount: 1, pendingCount: 0 });
      expect(await countValidContactListItems(wa.companyId, list.id)).toBe(1);
      // a new number is checked again
      const moved = await wa.admin.put(`/contact-list-items/${off.id}`, { name: 'Agora Tem', number: '5511933330003' });
      expect(moved.body).toMatchObject({ isWhatsappValid: false, checkedAt: null });
      await until(
        () => wa.admin.get(`/contact-list-items/${off.id}`),
        (r) => r.body.isWhatsappValid === true,
      );
    } finally {
      FakeBaileysSocket.notOnWhatsapp.clear();
      await waProbe.close();
    }
  });
});

describe('access', () => {
  it('refuses a profile user (no-access view) and a plan without campaigns (403), and another company’s records (404)', async () => {
    const list = await newList('Privada');
    const item = await newItem({ name: 'Privado', number: '5511922220001', contactListId: list.id });
    const agent = await addAgent(runtime, company);
    expect(await agent.client.get('/contact-lists')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await agent.client.post('/contact-lists', { name: 'Do agente' })).status).toBe(403);
    expect((await agent.client.get(`/contact-list-items?contactListId=${list.id}`)).status).toBe(403);
    expect((await agent.client.delete(`/contact-list-items/${item.id}`)).status).toBe(403);

    const plan = await addPlan({ ...defaultPlanInput, name: 'Sem campanhas', useCampaigns: false });
    const { admin: gated } = await signupOnPlan(runtime, plan.id, 'No Campaigns');
    expect((await gated.get('/contact-lists')).status).toBe(403);
    expect((await gated.post('/contact-lists', { name: 'Bloqueada' })).status).toBe(403);

    const other = await signupCompany(runtime, 'Intrusa');
    expect((await other.admin.get(`/contact-lists/${list.id}`)).status).toBe(404);
    expect((await other.admin.put(`/contact-lists/${list.id}`, { name: 'Roubada' })).status).toBe(404);
    expect((await other.admin.delete(`/contact-lists/${list.id}`)).status).toBe(404);
    expect((await other.admin.get(`/contact-list-items?contactListId=${list.id}`)).status).toBe(404);
    expect((await other.admin.get(`/contact-list-items/${item.id}`)).status).toBe(404);
    expect((await other.admin.put(`/contact-list-items/${item.id}`, { name: 'Roubado', number: '5511922220009' })).status).toBe(
      404,
    );
    expect((await other.admin.delete(`/contact-list-items/${item.id}`)).status).toBe(404);
    expect(
      (await other.admin.post('/contact-list-items', { name: 'Infiltrado', number: '5511922220002', contactListId: list.id }))
        .status,
    ).toBe(404);
    expect((await other.admin.get('/contact-lists')).body.records).toEqual([]);
    expect(await listOf(list.id)).toMatchObject({ name: 'Privada', contactsCount: 1 });
    expect((await company.admin.get(`/contact-list-items/${item.id}`)).body).toMatchObject({
      name: 'Privado',
      number: '5511922220001',
    });
  });
});
