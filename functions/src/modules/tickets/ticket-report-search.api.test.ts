/**
 * The ticket report's search text (a contact's name or number, or a ticket id) and its total: the number of tickets
 * the filters let through in the whole range, given from the first page on, so that a pager can show "page X of Y".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketStatuses, type TicketStatus } from '@switchboard/shared/contracts/tickets';
import type { ReportResponse } from '@switchboard/shared/contracts/reports';
import { startApi, type ApiClient, type ApiResponse } from '../../../../test/api.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { searchAllContactIds } from '../contacts/contact-search.service.ts';
import { countReport, MAX_SEARCH_CONTACTS, reportRange } from './ticket-report.service.ts';

let runtime: Runtime;
let company: TestCompany;
let other: TestCompany;

interface Made {
  id: number;
  contact: string;
  status: TicketStatus;
  createdAt: string;
}
const made: Made[] = [];
const contacts: Record<string, number> = {};
// numbers whose digits (also without the country and area codes) begin with none of the ticket ids used here
const PEOPLE: [string, string][] = [
  ['Beatriz Souza', '5547912340001'],
  ['Bruno Lima', '5547923450002'],
  ['Carla Souza', '5548934560003'],
  ['Davi Rocha', '5548945670004'],
];
const range = { dateFrom: '2026-10-01', dateTo: '2026-11-30' };

const makeTicket = async (when: string, contact: string, status: TicketStatus) => {
  runtime.setClock({ at: Date.parse(when) });
  const res = await company.admin.post('/tickets', {
    contactId: contacts[contact],
    queueId: company.queueId,
    whatsappId: company.connectionId,
    ...(status === 'open' ? { userId: company.adminId, status: 'open' } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as number;
  if (status === 'pending') {
    expect((await company.admin.put(`/tickets/${id}`, { status: 'pending', userId: null })).status).toBe(200);
  }
  if (status === 'closed') {
    expect((await company.admin.put(`/tickets/${id}`, { status: 'closed', sendFarewellMessage: false })).status).toBe(200);
  }
  made.push({ id, contact, status, createdAt: when });
};

const report = (client: ApiClient, query: Record<string, string | number | boolean | undefined>) =>
  client.get<ReportResponse>(
    `/ticketreport/reports?${new URLSearchParams(
      Object.entries(query).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
    )}`,
  );
const ids = (res: ApiResponse<ReportResponse>) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.tickets.map((t) => t.id);
};
/** Newest first, as the report lists them (tickets are made in creation order). */
const idsOf = (keep: (m: Made) => boolean) =>
  made
    .filter(keep)
    .map((m) => m.id)
    .reverse();

/** Every page of a report, following its cursor; each page's total as it came. */
const allPages = async (query: Record<string, string | number | boolean | undefined>) => {
  const pages: ApiResponse<ReportResponse>[] = [];
  let cursor: string | undefined;
  do {
    const res = await report(company.admin, { ...query, cursor });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res);
    cursor = res.body.nextCursor ?? undefined;
  } while (cursor);
  return {
    ids: pages.flatMap((p) => ids(p)),
    totals: pages.map((p) => p.body.totalTickets),
    sizes: pages.map((p) => p.body.tickets.length),
  };
};

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Busca Co');
  other = await signupCompany(runtime, 'Outra Busca Co');
  for (const [name, number] of PEOPLE) {
    const res = await company.admin.post('/contacts', { name, number });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    contacts[name] = res.body.id;
  }
  await makeTicket('2026-10-03T12:00:00.000Z', 'Beatriz Souza', 'closed');
  await makeTicket('2026-10-10T12:00:00.000Z', 'Bruno Lima', 'closed');
  await makeTicket('2026-10-20T12:00:00.000Z', 'Carla Souza', 'closed');
  await makeTicket('2026-10-25T12:00:00.000Z', 'Davi Rocha', 'closed');
  await makeTicket('2026-11-02T12:00:00.000Z', 'Beatriz Souza', 'open');
  await makeTicket('2026-11-04T12:00:00.000Z', 'Bruno Lima', 'pending');
  await makeTicket('2026-11-06T12:00:00.000Z', 'Carla Souza', 'pending');
  await makeTicket('2026-11-08T12:00:00.000Z', 'Davi Rocha', 'open');
  runtime.setClock(undefined);
}, 240_000);
afterAll(async () => {
  runtime?.setClock(undefined);
  await runtime?.stop();
});

describe('the ticket report search', () => {
  it('finds the tickets of the contacts whose name matches, accents and case aside', async () => {
    expect(ids(await report(company.admin, { ...range, searchParam: 'souza' }))).toEqual(
      idsOf((m) => m.contact.endsWith('Souza')),
    );
    expect(ids(await report(company.admin, { ...range, searchParam: 'Beatriz' }))).toEqual(
      idsOf((m) => m.contact === 'Beatriz Souza'),
    );
    expect(ids(await report(company.admin, { ...range, searchParam: '  carla SOUZA ' }))).toEqual(
      idsOf((m) => m.contact === 'Carla Souza'),
    );
    expect(ids(await report(company.admin, { ...range, searchParam: 'bru' }))).toEqual(idsOf((m) => m.contact === 'Bruno Lima'));
    expect(ids(await report(company.admin, { ...range, searchParam: 'nobody here' }))).toEqual([]);
  });

  it('finds the tickets of the contacts whose number matches, with or without country and area code', async () => {
    const beatriz = idsOf((m) => m.contact === 'Beatriz Souza');
    expect(ids(await report(company.admin, { ...range, searchParam: '5547912340001' }))).toEqual(beatriz);
    expect(ids(await report(company.admin, { ...range, searchParam: '47912340001' }))).toEqual(beatriz);
    // a number's beginning: both contacts of area 47
    expect(ids(await report(company.admin, { ...range, searchParam: '5547' }))).toEqual(
      idsOf((m) => m.contact === 'Beatriz Souza' || m.contact === 'Bruno Lima'),
    );
  });

  it('finds a ticket by its id, with or without #', async () => {
    const davi = made.find((m) => m.contact === 'Davi Rocha' && m.status === 'open')!;
    expect(ids(await report(company.admin, { ...range, searchParam: String(davi.id) }))).toEqual([davi.id]);
    expect(ids(await report(company.admin, { ...range, searchParam: `#${davi.id}` }))).toEqual([davi.id]);
    // another company's ticket id finds nothing of this company's, and this company's nothing of the other's
    expect(ids(await report(other.admin, { ...range, searchParam: String(davi.id) }))).toEqual([]);
    expect(ids(await report(other.admin, { ...range, searchParam: 'souza' }))).toEqual([]);
  });

  it('combines the search with each status filter and with the other filters', async () => {
    const searched = (m: Made) => m.contact.endsWith('Souza');
    for (const status of ticketStatuses) {
      const res = await report(company.admin, { ...range, searchParam: 'souza', status: JSON.stringify([status]) });
      expect(ids(res), status).toEqual(idsOf((m) => searched(m) && m.status === status));
      expect(res.body.totalTickets, status).toEqual({
        total: idsOf((m) => searched(m) && m.status === status).length,
        exact: true,
      });
    }
    // the searches of every kind find each status of theirs
    expect(ids(await report(company.admin, { ...range, searchParam: '5547', status: '["pending"]' }))).toEqual(
      idsOf((m) => m.contact === 'Bruno Lima' && m.status === 'pending'),
    );
    const closedOne = made.find((m) => m.status === 'closed')!;
    expect(ids(await report(company.admin, { ...range, searchParam: String(closedOne.id), status: '["closed"]' }))).toEqual([
      closedOne.id,
    ]);
    expect(ids(await report(company.admin, { ...range, searchParam: String(closedOne.id), status: '["open"]' }))).toEqual([]);
    // and the other filters
    expect(ids(await report(company.admin, { ...range, searchParam: 'souza', contactId: contacts['Carla Souza']! }))).toEqual(
      idsOf((m) => m.contact === 'Carla Souza'),
    );
    expect(ids(await report(company.admin, { ...range, searchParam: 'souza', dateFrom: '2026-11-01' }))).toEqual(
      idsOf((m) => searched(m) && m.status !== 'closed'),
    );
  });
});

describe('the ticket report total', () => {
  it('is the number of tickets across all pages, from the first page on, with and without filters', async () => {
    const cases: [Record<string, string | number | undefined>, number[]][] = [
      [{}, idsOf(() => true)],
      [{ status: '["closed"]' }, idsOf((m) => m.status === 'closed')],
      [{ status: '["open","pending"]' }, idsOf((m) => m.status !== 'closed')],
      [{ searchParam: 'souza' }, idsOf((m) => m.contact.endsWith('Souza'))],
      [
        { searchParam: '5547', status: '["closed"]' },
        idsOf((m) => m.contact !== 'Carla Souza' && m.contact !== 'Davi Rocha' && m.status === 'closed'),
      ],
    ];
    for (const [query, expected] of cases) {
      for (const pageSize of [1, 3, 10]) {
        const read = await allPages({ ...range, ...query, pageSize });
        const label = JSON.stringify({ query, pageSize });
        expect(read.ids, label).toEqual(expected);
        // full pages but the last (a page that ends where a month does may be followed by one empty page)
        const filled = read.sizes.length > 1 && read.sizes.at(-1) === 0 ? read.sizes.slice(0, -1) : read.sizes;
        expect(
          filled.slice(0, -1).every((n) => n === pageSize),
          label,
        ).toBe(true);
        expect(filled.length, label).toBe(Math.max(1, Math.ceil(expected.length / pageSize)));
        // every page, the first one too, tells the same total
        expect(read.totals, label).toEqual(read.totals.map(() => ({ total: expected.length, exact: true })));
      }
    }
  });

  it('counts past the page only as far as its bound, and says so when the bound was reached', async () => {
    const rangeOf = reportRange(range, 'UTC');
    const november = made.filter((m) => m.createdAt.startsWith('2026-11')).length;
    // one count query per month partition: with one query left, November alone is counted
    expect(await countReport(company.companyId, rangeOf, undefined, { month: '2026-11' }, 1)).toEqual({
      total: november,
      exact: false,
    });
    expect(await countReport(company.companyId, rangeOf, undefined, { month: '2026-11' }, 2)).toEqual({
      total: made.length,
      exact: true,
    });
  });

  it('refuses a search text that is too long, and a cursor of another search, with the field named', async () => {
    const long = await report(company.admin, { ...range, searchParam: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('query.searchParam');
    const first = await report(company.admin, { ...range, searchParam: 'souza', pageSize: 1 });
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const crossed = await report(company.admin, { ...range, searchParam: 'lima', pageSize: 1, cursor: first.body.nextCursor! });
    expect(crossed.status).toBe(400);
    expect(JSON.stringify(crossed.body)).toContain('query.cursor');
  });
});

describe('a search that matches many contacts', () => {
  it('reports the tickets of more than 100 matching contacts, and says when it stood for only the first of them', async () => {
    const many = await signupCompany(runtime, 'Muitos Contatos Co');
    const count = 130;
    const made: number[] = [];
    runtime.setClock({ at: Date.parse('2026-11-10T12:00:00.000Z') });
    try {
      for (let start = 0; start < count; start += 10) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(10, count - start) }, async (_, j) => {
            const n = start + j;
            const contact = await many.admin.post('/contacts', {
              name: `Zeca Lote ${n}`,
              number: `55479${String(n).padStart(8, '0')}`,
            });
            expect(contact.status, JSON.stringify(contact.body)).toBeLessThan(300);
            const ticket = await many.admin.post('/tickets', {
              contactId: contact.body.id,
              queueId: many.queueId,
              whatsappId: many.connectionId,
              userId: many.adminId,
              status: 'open',
            });
            expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
            return ticket.body.id as number;
          }),
        );
        made.push(...batch);
      }
    } finally {
      runtime.setClock(undefined);
    }
    const listed: number[] = [];
    let cursor: string | undefined;
    let first: ReportResponse | undefined;
    do {
      const res = await report(many.admin, { ...range, searchParam: 'lote', pageSize: 50, cursor });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      first ??= res.body;
      listed.push(...res.body.tickets.map((t) => t.id));
      cursor = res.body.nextCursor ?? undefined;
    } while (cursor);
    expect([...listed].sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
    expect(first!.totalTickets).toEqual({ total: count, exact: true });

    // past the report's bound the matches read are the first ones, and the answer says it is not the whole
    expect(MAX_SEARCH_CONTACTS).toBeGreaterThan(count);
    const bounded = await searchAllContactIds(many.companyId, 'lote', { max: 100, maxReads: 8 });
    expect(bounded).toMatchObject({ complete: false });
    expect(bounded.ids).toHaveLength(100);
    const whole = await searchAllContactIds(many.companyId, 'lote', { max: MAX_SEARCH_CONTACTS, maxReads: 8 });
    expect(whole).toMatchObject({ complete: true });
    expect(new Set(whole.ids).size).toBe(count);
  }, 120_000);
});
