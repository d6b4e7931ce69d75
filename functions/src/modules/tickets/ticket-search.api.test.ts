import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURSOR_PAGE_NUMBER_MESSAGE } from '@switchboard/shared/contracts/common';
import { startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;

const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((t) => t.id).sort((a, b) => a - b);
const namesOf = (body: { contacts: { name: string }[] }) => body.contacts.map((c) => c.name);

/** A visitor who wrote, and the pending ticket their message opened. */
const visitorTicket = async (name: string, extra: { phone?: string } = {}) => {
  const visitor = await new Visitor(runtime, company.webchatToken).start(name, extra);
  await visitor.say('Olá');
  const list = await company.admin.get(`/tickets?status=search&searchParam=${encodeURIComponent(name)}`);
  const ticket = list.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === name);
  expect(ticket, JSON.stringify(list.body)).toBeDefined();
  return ticket as { id: number; contactId: number; status: string };
};

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Busca e Identidade');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('a web chat visitor found by the phone they typed', () => {
  it('finds the visitor in contacts and in the inbox by the phone, formatted or not, with or without country and area code', async () => {
    const ticket = await visitorTicket('Marta Quintana', { phone: '+55 (31) 98765-4320' });
    const other = await visitorTicket('Rui Souto', { phone: '+55 (31) 91111-2222' });
    for (const typed of ['5531987654320', '31987654320', '987654320', '(31) 98765-4320']) {
      const contacts = await company.admin.get(`/contacts?searchParam=${encodeURIComponent(typed)}`);
      expect(contacts.status).toBe(200);
      expect(namesOf(contacts.body), typed).toEqual(['Marta Quintana']);
      const searched = await company.admin.get(`/tickets?status=search&searchParam=${encodeURIComponent(typed)}`);
      expect(idsOf(searched.body), typed).toEqual([ticket.id]);
      const pending = await company.admin.get(`/tickets?status=pending&searchParam=${encodeURIComponent(typed)}`);
      expect(idsOf(pending.body), typed).toEqual([ticket.id]);
    }
    // the beginning of a number finds every visitor whose phone begins so
    const both = await company.admin.get('/contacts?searchParam=5531');
    expect(namesOf(both.body).sort()).toEqual(['Marta Quintana', 'Rui Souto']);
    expect(idsOf((await company.admin.get('/tickets?status=search&searchParam=3191111')).body)).toEqual([other.id]);
  });

  it('finds the visitor by a phone added to their details later, and no longer by one removed', async () => {
    const ticket = await visitorTicket('Otávio Brandão');
    expect((await company.admin.get('/contacts?searchParam=21955554444')).body.contacts).toEqual([]);
    const changed = await company.admin.put(`/contacts/${ticket.contactId}`, {
      extraInfo: [{ name: 'phone', value: '21 95555-4444' }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(namesOf((await company.admin.get('/contacts?searchParam=21955554444')).body)).toEqual(['Otávio Brandão']);
    expect((await company.admin.put(`/contacts/${ticket.contactId}`, { extraInfo: [] })).status).toBe(200);
    expect((await company.admin.get('/contacts?searchParam=21955554444')).body.contacts).toEqual([]);
    expect((await company.admin.get('/tickets?status=search&searchParam=21955554444')).body.tickets).toEqual([]);
  });
});

describe('the search text on every tab', () => {
  it('searches the tab asked for: its statuses and owners only, never the whole list', async () => {
    const agent = await addAgent(runtime, company);
    const waiting = await visitorTicket('Lia Esperando');
    const mine = await visitorTicket('Lia Atendida');
    const theirs = await visitorTicket('Lia Do Colega');
    const closed = await visitorTicket('Lia Encerrada');
    expect((await company.admin.put(`/tickets/${mine.id}`, { status: 'open', userId: company.adminId })).status).toBe(200);
    expect((await company.admin.put(`/tickets/${theirs.id}`, { status: 'open', userId: agent.id })).status).toBe(200);
    expect((await company.admin.put(`/tickets/${closed.id}`, { status: 'open', userId: company.adminId })).status).toBe(200);
    expect((await company.admin.put(`/tickets/${closed.id}`, { status: 'closed' })).status).toBe(200);

    const search = (query: string) => company.admin.get(`/tickets?searchParam=lia&${query}`);
    expect(idsOf((await search('status=pending')).body)).toEqual([waiting.id]);
    // the open tab is the caller's own tickets, unless show-all
    expect(idsOf((await search('status=open')).body)).toEqual([mine.id]);
    expect(idsOf((await search('status=open&showAll=true')).body)).toEqual([mine.id, theirs.id].sort((a, b) => a - b));
    expect(idsOf((await search('status=closed&showAll=true')).body)).toEqual([closed.id]);
    expect(idsOf((await search('status=search')).body)).toEqual(
      [waiting.id, mine.id, theirs.id, closed.id].sort((a, b) => a - b),
    );
    // no status is the open tab, as the list without a search
    expect(idsOf((await search('')).body)).toEqual([mine.id]);
    // the tab's other filters still apply: the unread ones (the waiting visitor's message is unread)
    expect((await company.admin.get(`/messages/${mine.id}`)).status).toBe(200);
    expect(idsOf((await search('status=search&withUnreadMessages=true')).body)).toContain(waiting.id);
    expect(idsOf((await search('status=search&withUnreadMessages=true')).body)).not.toContain(mine.id);
    // the agent's open tab holds their own ticket only
    expect(idsOf((await agent.client.get('/tickets?status=open&searchParam=lia')).body)).toEqual([theirs.id]);
    // a text that matches nobody finds nothing on any tab, where the tab alone lists tickets
    expect((await company.admin.get('/tickets?status=pending')).body.tickets.length).toBeGreaterThan(0);
    expect((await company.admin.get('/tickets?status=pending&searchParam=ninguem-assim')).body.tickets).toEqual([]);
  });
});

describe('pageNumber on the lists that page by cursor', () => {
  const cursorPaged = ['/tickets?status=pending', '/contacts', '/users', '/invoices'];

  it('accepts the first page by number, as clients written to the spec ask for it', async () => {
    const ticket = await visitorTicket('Paula Primeira');
    for (const path of [...cursorPaged, `/messages/${ticket.id}`]) {
      const plain = await company.admin.get(path);
      const first = await company.admin.get(`${path}${path.includes('?') ? '&' : '?'}pageNumber=1`);
      expect(first.status, `${path}: ${JSON.stringify(first.body)}`).toBe(200);
      const held = (body: { nextCursor?: string | null }) => ({ ...body, nextCursor: typeof body.nextCursor });
      expect(held(first.body), path).toEqual(held(plain.body));
    }
  });

  it('refuses any later page by number with 400 on query.pageNumber, telling to use the cursor', async () => {
    const ticket = await visitorTicket('Paula Segunda');
    for (const path of [...cursorPaged, `/messages/${ticket.id}`]) {
      for (const value of ['2', '0', 'dois']) {
        const res = await company.admin.get(`${path}${path.includes('?') ? '&' : '?'}pageNumber=${value}`);
        expect(res.status, `${path} pageNumber=${value}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body).toMatchObject({
          error: 'ERR_VALIDATION',
          fields: [{ path: 'query.pageNumber', message: CURSOR_PAGE_NUMBER_MESSAGE }],
        });
      }
    }
  });

  it('continues a first page asked by number with its cursor, with or without pageNumber=1', async () => {
    for (let i = 0; i < 3; i++) await visitorTicket(`Paula Pagina ${i}`);
    const first = await company.admin.get('/tickets?status=pending&limit=2&pageNumber=1');
    expect(first.body.hasMore).toBe(true);
    const cursor = encodeURIComponent(first.body.nextCursor);
    const next = await company.admin.get(`/tickets?status=pending&limit=2&cursor=${cursor}`);
    const nextByNumber = await company.admin.get(`/tickets?status=pending&limit=2&pageNumber=1&cursor=${cursor}`);
    expect(next.status).toBe(200);
    // a cursor is sealed afresh on every answer: the pages are compared by what they hold
    expect({ ...nextByNumber.body, nextCursor: typeof nextByNumber.body.nextCursor }).toEqual({
      ...next.body,
      nextCursor: typeof next.body.nextCursor,
    });
    expect(idsOf(next.body).some((id) => idsOf(first.body).includes(id))).toBe(false);
  });
});
