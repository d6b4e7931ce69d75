import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiClient } from '../../../../test/api.ts';
import { addAgent, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { config } from '../../platform/config.ts';
import { dayAndHour } from './dashboard-counters.service.ts';

const DAY_MS = 86_400_000;
/** The company's calendar day `days` from now (the period's days are the company's). */
const dayFromNow = (days: number) => dayAndHour(new Date(Date.now() + days * DAY_MS).toISOString(), config().TIME_ZONE).day;

let runtime: Runtime;
let company: TestCompany;
let agent: { client: ApiClient; id: number };
const ticket: Record<'waiting' | 'mine' | 'theirs' | 'closed', number> = { waiting: 0, mine: 0, theirs: 0, closed: 0 };

const visitorTicket = async (name: string, ...messages: string[]) => {
  const visitor = await new Visitor(runtime, company.webchatToken).start(name);
  for (const m of messages) await visitor.say(m);
  const list = await company.admin.get(`/tickets?status=search&searchParam=${encodeURIComponent(name)}`);
  return list.body.tickets[0].id as number;
};

const momentIds = async (client: ApiClient, query: string) => {
  const res = await client.get(`/dashboard/moments?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.tickets as { id: number }[]).map((t) => t.id).sort((a, b) => a - b);
};

const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

const messageCount = async (query = '') => {
  const res = await company.admin.get(`/messages-allMe${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual({ count: [{ count: expect.any(Number) }] });
  return res.body.count[0].count as number;
};

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Painel Periodo');
  agent = await addAgent(runtime, company);
});
afterAll(async () => {
  await runtime?.stop();
});

describe('GET /dashboard/moments', () => {
  beforeAll(async () => {
    ticket.waiting = await visitorTicket('Momento Esperando', 'oi');
    ticket.mine = await visitorTicket('Momento Meu', 'oi');
    ticket.theirs = await visitorTicket('Momento Do Colega', 'oi');
    ticket.closed = await visitorTicket('Momento Encerrado', 'oi');
    expect((await company.admin.put(`/tickets/${ticket.mine}`, { status: 'open', userId: company.adminId })).status).toBe(200);
    expect((await company.admin.put(`/tickets/${ticket.theirs}`, { status: 'open', userId: agent.id })).status).toBe(200);
    expect((await company.admin.put(`/tickets/${ticket.closed}`, { status: 'open', userId: company.adminId })).status).toBe(200);
    expect((await company.admin.put(`/tickets/${ticket.closed}`, { status: 'closed' })).status).toBe(200);
  });

  it("lists the period's tickets of every status with show-all, newest first, as the live panel shows them", async () => {
    const res = await company.admin.get('/dashboard/moments?showAll=true');
    expect(res.body.truncated).toBe(false);
    expect(res.body.tickets.map((t: { id: number }) => t.id)).toEqual([
      ticket.closed,
      ticket.theirs,
      ticket.mine,
      ticket.waiting,
    ]);
    expect(res.body.tickets[1]).toMatchObject({
      status: 'open',
      userId: agent.id,
      contact: { name: 'Momento Do Colega' },
      queue: { id: company.queueId },
    });
  });

  it("narrows by status, attendant and queue, and shows only the caller's own without show-all", async () => {
    expect(await momentIds(company.admin, 'showAll=true&status=open')).toEqual(sorted(ticket.mine, ticket.theirs));
    expect(await momentIds(company.admin, 'showAll=true&status=pending')).toEqual([ticket.waiting]);
    expect(await momentIds(company.admin, 'status=open')).toEqual([ticket.mine]);
    expect(await momentIds(company.admin, '')).toEqual(sorted(ticket.mine, ticket.closed));
    expect(await momentIds(company.admin, `showAll=true&userId=${agent.id}`)).toEqual([ticket.theirs]);
    expect(await momentIds(company.admin, `showAll=true&queueIds=${JSON.stringify([company.queueId])}`)).toEqual(
      sorted(...Object.values(ticket)),
    );
    expect(await momentIds(company.admin, `showAll=true&queueIds=${JSON.stringify([company.queueId + 1000])}`)).toEqual([]);
  });

  it('reads the days asked for (the last 30 without dates) and refuses a reversed or malformed period naming the field', async () => {
    const today = dayFromNow(0);
    const tenDaysAgo = dayFromNow(-10);
    expect(await momentIds(company.admin, `showAll=true&dateStart=2020-01-01&dateEnd=2020-01-31`)).toEqual([]);
    expect(await momentIds(company.admin, `showAll=true&dateStart=${tenDaysAgo}&dateEnd=${today}`)).toHaveLength(4);
    // without a start, the 30 days up to the end: a month on, today is out of them; the last day in
    expect(await momentIds(company.admin, `showAll=true&dateEnd=${dayFromNow(30)}`)).toEqual([]);
    expect(await momentIds(company.admin, `showAll=true&dateEnd=${dayFromNow(29)}`)).toHaveLength(4);
    const long = await company.admin.get('/dashboard/moments?dateStart=2020-01-01');
    expect(long.status).toBe(400);
    expect(long.body.fields.map((f: { path: string }) => f.path)).toEqual(['query.dateStart']);
    const reversed = await company.admin.get('/dashboard/moments?dateStart=2020-02-01&dateEnd=2020-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields.map((f: { path: string }) => f.path)).toEqual(['query.dateEnd']);
    const future = await company.admin.get(`/dashboard/moments?dateStart=${dayFromNow(2)}`);
    expect(future.status).toBe(400);
    expect(future.body.fields.map((f: { path: string }) => f.path)).toEqual(['query.dateStart']);
    const malformed = await company.admin.get('/dashboard/moments?dateStart=ontem');
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields.map((f: { path: string }) => f.path)).toEqual(['query.dateStart']);
  });

  it("is the dashboard's: refused (403) to a user without it, and never shows another company's tickets", async () => {
    expect((await agent.client.get('/dashboard/moments')).status).toBe(403);
    const other = await signupCompany(runtime, 'Painel Outro');
    const res = await other.admin.get('/dashboard/moments?showAll=true');
    expect(res.body.tickets).toEqual([]);
  });
});

describe('GET /messages-allMe', () => {
  it("counts the period's messages of each side, in the spec's count[0].count", async () => {
    const [ours, theirs, both] = await Promise.all([messageCount('?fromMe=true'), messageCount('?fromMe=false'), messageCount()]);
    expect(both).toBe(ours + theirs);
    const id = await visitorTicket('Contagem Cliente', 'primeira', 'segunda');
    expect(await messageCount('?fromMe=false')).toBe(theirs + 2);
    expect((await company.admin.put(`/tickets/${id}`, { status: 'open', userId: company.adminId })).status).toBe(200);
    const oursBefore = await messageCount('?fromMe=true');
    expect((await company.admin.post(`/messages/${id}`, { body: 'resposta' })).status).toBe(201);
    // a private note is not a message exchanged with the customer
    expect((await company.admin.post(`/messages/${id}`, { body: 'nota interna', isPrivate: true })).status).toBe(201);
    expect(await messageCount('?fromMe=true')).toBe(oursBefore + 1);
    const today = dayFromNow(0);
    expect(await messageCount(`?fromMe=false&dateStart=${today}&dateEnd=${today}`)).toBeGreaterThanOrEqual(2);
    expect(await messageCount('?dateStart=2020-01-01&dateEnd=2020-01-31')).toBe(0);
  });

  it('refuses a reversed period or a bad fromMe naming the field, and users without the dashboard (403)', async () => {
    const reversed = await company.admin.get('/messages-allMe?dateStart=2020-02-01&dateEnd=2020-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields.map((f: { path: string }) => f.path)).toEqual(['query.dateEnd']);
    const bad = await company.admin.get('/messages-allMe?fromMe=sim');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { path: string }) => f.path)).toEqual(['query.fromMe']);
    expect((await agent.client.get('/messages-allMe')).status).toBe(403);
  });
});
