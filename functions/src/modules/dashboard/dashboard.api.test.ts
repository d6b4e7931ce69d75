/**
 * The dashboard's counters against counts recomputed from the tickets themselves: web chat tickets are accepted,
 * closed, reopened, transferred and rated through the NPS flow, then every counter of GET /dashboard (and the
 * charts and the live panel) is compared with what the tickets say. Also: who may read them, and that a repeated
 * event changes nothing.
 */
import type { DashboardResponse } from '@switchboard/shared/contracts/dashboard';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { offMidnight, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import { getRating } from '../ratings/ratings.service.ts';
import { countRating, countTicketChange } from './dashboard-counters.service.ts';

let runtime: Runtime;
let shop: TestCompany;
let ana: Awaited<ReturnType<typeof addAgent>>;
let bia: Awaited<ReturnType<typeof addAgent>>;
const RATING = 'De 0 a 10, quanto você recomenda nosso atendimento?';
const tickets = new Map<string, number>();

beforeAll(async () => {
  runtime = await startApi();
  runtime.setClock({ offset });
  shop = await signupCompany(runtime, 'Loja Painel');
  ana = await addAgent(runtime, shop, {}, 'Ana Atende');
  bia = await addAgent(runtime, shop, {}, 'Bia Atende');
  expect((await shop.admin.put('/settings/userRating', { value: 'enabled' })).status).toBe(200);
  expect(
    (
      await shop.admin.put(`/whatsapp/${shop.connectionId}`, {
        complationMessage: 'Obrigado!',
        ratingMessage: RATING,
        expiresTicketNPS: 30,
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  runtime?.setClock(undefined);
  await runtime?.stop();
});

/**
 * The real clock, moved forward by the test: waits and support times of whole minutes. It starts off midnight, so that
 * the day's figures asked for are those of the day the tickets were made.
 */
let offset = offMidnight(30 * 60_000);
const later = (minutes: number) => {
  offset += minutes * 60_000;
  runtime.setClock({ offset });
};

const visitorTicket = async (name: string) => {
  const v = await new Visitor(runtime, shop.webchatToken).start(name);
  await v.say('Preciso de ajuda');
  const list = await shop.admin.get('/tickets?status=pending&showAll=true');
  const t = list.body.tickets.find((x: Ticket) => x.contact.name === name) as Ticket;
  expect(t, name).toBeDefined();
  tickets.set(name, t.id);
  return { v, id: t.id };
};

const put = async (client: typeof ana.client, id: number, body: Record<string, unknown>) => {
  const res = await client.put(`/tickets/${id}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await runtime.drainQueues();
};

const dashboard = async (): Promise<DashboardResponse> => {
  const res = await shop.admin.get('/dashboard?days=1');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const countList = async (status: string) =>
  (await shop.admin.get(`/tickets?status=${status}&showAll=true`)).body.tickets.length as number;

/** The counters as the tickets say they are (server reference 10), from the tickets and their ratings. */
const recomputed = async () => {
  const all: Ticket[] = [];
  for (const id of tickets.values()) all.push((await shop.admin.get(`/tickets/${id}`)).body);
  const rates = new Map<number, number>();
  for (const t of all) {
    const r = await getRating(shop.companyId, t.id);
    if (r) rates.set(t.id, r.rate);
  }
  const rated = rates.size;
  const pct = (n: number, of: number) => (of ? Math.round(((n * 100) / of) * 100) / 100 : 0);
  const promoters = [...rates.values()].filter((r) => r >= 9).length;
  const detractors = [...rates.values()].filter((r) => r <= 6).length;
  const closed = all.filter((t) => t.status === 'closed');
  return {
    all,
    counters: {
      supportHappening: await countList('open'),
      supportPending: await countList('pending'),
      supportFinished: closed.length,
      supportGroups: all.filter((t) => t.status === 'group').length,
      tickets: all.length,
      waitRating: all.filter((t) => t.status === 'nps').length,
      withRating: rated,
      withoutRating: closed.filter((t) => !rates.has(t.id)).length,
      percRating: pct(rated, all.length),
      npsPromotersPerc: pct(promoters, rated),
      npsDetractorsPerc: pct(detractors, rated),
      npsPassivePerc: pct(rated - promoters - detractors, rated),
      npsScore: Math.round((pct(promoters, rated) - pct(detractors, rated)) * 100) / 100,
      // every visitor here is a new contact with one ticket; none was started by an agent
      leads: all.length,
      activeTickets: 0,
      passiveTickets: all.length,
    },
    rates,
  };
};

describe('dashboard counters', () => {
  beforeAll(async () => {
    // rated 9: accepted, closed (the rating question), answered
    runtime.setClock({ offset });
    const rated = await visitorTicket('Rita Nove');
    later(2);
    await put(ana.client, rated.id, { status: 'open' });
    later(3);
    await put(ana.client, rated.id, { status: 'closed' });
    await rated.v.say('9');
    // rated 3 by a customer of Bia
    const low = await visitorTicket('Leo Tres');
    await put(bia.client, low.id, { status: 'open' });
    await put(bia.client, low.id, { status: 'closed' });
    await low.v.say('3');
    // waiting for the rating
    const waiting = await visitorTicket('Nina Espera');
    await put(ana.client, waiting.id, { status: 'open' });
    await put(ana.client, waiting.id, { status: 'closed' });
    // closed without a rating, reopened, closed again
    const reopened = await visitorTicket('Rui Reabre');
    await put(ana.client, reopened.id, { status: 'open' });
    await put(ana.client, reopened.id, { status: 'closed', sendFarewellMessage: false });
    await put(ana.client, reopened.id, { status: 'open' });
    await put(ana.client, reopened.id, { status: 'closed', sendFarewellMessage: false });
    // closed, then reopened and left open
    const back = await visitorTicket('Vera Volta');
    await put(ana.client, back.id, { status: 'open' });
    await put(ana.client, back.id, { status: 'closed', sendFarewellMessage: false });
    await put(shop.admin, back.id, { status: 'open' });
    // transferred from Ana to Bia
    const moved = await visitorTicket('Tito Transfere');
    await put(ana.client, moved.id, { status: 'open' });
    await put(ana.client, moved.id, { userId: bia.id, queueId: shop.queueId, isTransfered: true });
    // transferred back to the queue (pending, nobody's)
    const queued = await visitorTicket('Quim Fila');
    await put(ana.client, queued.id, { status: 'open' });
    await put(ana.client, queued.id, { status: 'pending' });
    // never touched
    await visitorTicket('Paula Pendente');
  });

  it('answers every counter as recomputed from the tickets', async () => {
    const { counters } = await dashboard();
    const truth = await recomputed();
    expect(truth.counters).toMatchObject({ tickets: 8, supportFinished: 3, waitRating: 1, withRating: 2, withoutRating: 1 });
    expect(counters).toMatchObject(truth.counters);
    // Rita waited 2 minutes and was served 3; the others a moment each
    expect(counters.avgWaitTime).toBeGreaterThan(2 / 8);
    expect(counters.avgWaitTime).toBeLessThan(2 / 7 + 0.05);
    expect(counters.avgSupportTime).toBeGreaterThan(3 / 4);
    expect(counters.avgSupportTime).toBeLessThan(1.1);
  });

  it('gives each attendant their tickets and ratings as the tickets say', async () => {
    const { attendants } = await dashboard();
    const truth = await recomputed();
    for (const agent of [ana, bia]) {
      const row = attendants.find((a) => a.id === agent.id)!;
      const theirs = truth.all.filter((t) => t.userId === agent.id);
      const ratings = theirs.map((t) => truth.rates.get(t.id)).filter((r): r is number => r !== undefined);
      expect(row, agent.name).toMatchObject({
        name: agent.name,
        tickets: theirs.length,
        countRating: ratings.length,
        rating: ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100 : 0,
      });
    }
    expect(attendants.find((a) => a.id === bia.id)).toMatchObject({ tickets: 2, countRating: 1, rating: 3 });
    expect(attendants.find((a) => a.id === shop.adminId)).toMatchObject({ tickets: 1 });
  });

  it('counts nothing twice when an event is delivered again', async () => {
    const before = await dashboard();
    for (const id of tickets.values()) {
      const t = (await shop.admin.get(`/tickets/${id}`)).body as Ticket;
      await countTicketChange(shop.companyId, t, false);
      await countTicketChange(shop.companyId, t, true);
      const r = await getRating(shop.companyId, id);
      if (r) await countRating(r);
    }
    expect(await dashboard()).toEqual(before);
  });

  it('charts the tickets per day and per attendant of the same counters', async () => {
    const today = new Date(Date.now() + offset).toISOString().slice(0, 10);
    const day = await shop.admin.get(`/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`);
    expect(day.status).toBe(200);
    expect(day.body.count).toBe(tickets.size);
    expect(day.body.data.reduce((n: number, d: { total: number; horario?: string }) => n + d.total, 0)).toBe(tickets.size);
    expect(day.body.data[0].horario).toMatch(/^\d\d$/);
    const users = await shop.admin.get(`/dashboard/ticketsUsers?initialDate=${today}&finalDate=${today}`);
    expect(users.status).toBe(200);
    const { all } = await recomputed();
    expect(users.body.data).toContainEqual({ nome: 'Bia Atende', quantidade: all.filter((t) => t.userId === bia.id).length });
  });

  it('shows the running tickets and every attendant on the live panel', async () => {
    const res = await shop.admin.get('/usersMoments');
    expect(res.status).toBe(200);
    const running = (await recomputed()).all.filter((t) => t.status === 'open' || t.status === 'pending');
    expect(res.body.tickets.map((t: { id: number }) => t.id).sort()).toEqual(running.map((t) => t.id).sort());
    const tito = res.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === 'Tito Transfere');
    expect(tito).toMatchObject({ userId: bia.id, user: { name: 'Bia Atende' }, whatsapp: { name: expect.any(String) } });
    expect(res.body.attendants.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Ana Atende', 'Bia Atende']),
    );
  });
});

describe('the NPS tab across close, rating and reopen', () => {
  it('keeps the rated count, the index and the score in agreement, counting a reopened rated ticket once', async () => {
    const nps = await signupCompany(runtime, 'Loja NPS');
    expect((await nps.admin.put('/settings/userRating', { value: 'enabled' })).status).toBe(200);
    expect(
      (
        await nps.admin.put(`/whatsapp/${nps.connectionId}`, {
          complationMessage: 'Obrigado!',
          ratingMessage: RATING,
          expiresTicketNPS: 30,
        })
      ).status,
    ).toBe(200);
    const v = await new Visitor(runtime, nps.webchatToken).start('Nara Nota');
    await v.say('Olá');
    const id = ((await nps.admin.get('/tickets?status=pending&showAll=true')).body.tickets as Ticket[]).find(
      (t) => t.contact.name === 'Nara Nota',
    )!.id;
    const change = async (body: Record<string, unknown>) => {
      const res = await nps.admin.put(`/tickets/${id}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await runtime.drainQueues();
    };
    const counters = async () => {
      const res = await nps.admin.get('/dashboard?days=1');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const c = (res.body as DashboardResponse).counters;
      return {
        npsScore: c.npsScore,
        tickets: c.tickets,
        waitRating: c.waitRating,
        withRating: c.withRating,
        withoutRating: c.withoutRating,
        percRating: c.percRating,
        supportFinished: c.supportFinished,
      };
    };
    const reportRated = async () => {
      const res = await nps.admin.get('/ticketreport/reports?onlyRated=true');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.totalTickets.total as number;
    };

    await change({ status: 'open' });
    await change({ status: 'closed' });
    expect(await counters()).toEqual({
      npsScore: 0,
      tickets: 1,
      waitRating: 1,
      withRating: 0,
      withoutRating: 0,
      percRating: 0,
      supportFinished: 0,
    });

    await v.say('10');
    const rated = { npsScore: 100, tickets: 1, waitRating: 0, withRating: 1, withoutRating: 0, percRating: 100 };
    expect(await counters()).toEqual({ ...rated, supportFinished: 1 });
    expect(await reportRated()).toBe(1);

    // reopened: still rated once, by the same rule as the ticket report's
    await change({ status: 'open' });
    expect(await counters()).toEqual({ ...rated, supportFinished: 0 });
    expect(await reportRated()).toBe(1);

    // closed again: not asked again, and neither counted twice nor lost
    await change({ status: 'closed' });
    expect(await counters()).toEqual({ ...rated, supportFinished: 1 });
    expect(await reportRated()).toBe(1);
  });
});

describe('who may read the dashboard and the live panel', () => {
  it('refuses a profile user without showDashboard or allowRealTime, and lets them in once enabled', async () => {
    const plain = await addAgent(runtime, shop);
    expect((await plain.client.get('/dashboard')).status).toBe(403);
    expect((await plain.client.get('/dashboard/ticketsDay?initialDate=2026-01-01&finalDate=2026-01-02')).status).toBe(403);
    expect((await plain.client.get('/usersMoments')).status).toBe(403);
    const viewer = await addAgent(runtime, shop, { showDashboard: 'enabled', allowRealTime: 'enabled' });
    expect((await viewer.client.get('/dashboard')).status).toBe(200);
    expect((await viewer.client.get('/usersMoments')).status).toBe(200);
  });

  it('refuses a period in the wrong order or too long, naming the field of the query asked', async () => {
    const pathsOf = async (url: string) => {
      const res = await shop.admin.get(url);
      expect(res.status, url).toBe(400);
      return res.body.fields.map((f: { path: string }) => f.path);
    };
    expect(await pathsOf('/dashboard?date_from=2026-02-01&date_to=2026-01-01')).toEqual(['query.date_to']);
    expect(await pathsOf('/dashboard?date_from=2020-01-01&date_to=2026-01-01')).toEqual(['query.date_from']);
    expect(await pathsOf('/dashboard/ticketsDay?initialDate=2020-01-01&finalDate=2026-01-01')).toEqual(['query.initialDate']);
    expect(await pathsOf('/dashboard/ticketsUsers?initialDate=2020-01-01&finalDate=2026-01-01')).toEqual(['query.initialDate']);
  });
});
