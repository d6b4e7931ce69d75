/**
 * The company's own time zone (a company option, an IANA name; the server's TIME_ZONE, UTC in tests, until the
 * company chooses): its business hours, and the days of its dashboard and ticket report, are its local ones.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, fieldsOf, startApi } from '../../../../test/api.ts';
import { addQueue, botSaid, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;

const zoneOf = async (client: ApiClient) => (await client.get('/setting/timeZone')).body.value as string;

/** The calendar day and hour of an instant in a zone, as a person there reads them. */
const localDayHour = (at: string, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: part('hour') };
};

beforeAll(async () => {
  runtime = await startApi();
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

describe('the time zone option', () => {
  let company: TestCompany;
  beforeAll(async () => {
    company = await signupCompany(runtime, 'Fuso Opção');
  });

  it("reads as the server's zone until the company chooses one, then as its choice for every user", async () => {
    expect(await zoneOf(company.admin)).toBe('UTC');
    expect((await company.admin.get('/auth/me')).body.company.settings.timeZone).toBe('UTC');
    const saved = await company.admin.put('/companySettings', { column: 'timeZone', data: 'America/Manaus' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.timeZone).toBe('America/Manaus');
    expect((await company.admin.get('/auth/me')).body.company.settings.timeZone).toBe('America/Manaus');
    expect((await company.admin.put('/settings/timeZone', { value: 'Europe/Istanbul' })).body).toEqual({
      key: 'timeZone',
      value: 'Europe/Istanbul',
    });
    expect((await company.admin.put('/settings', { timeZone: 'America/Sao_Paulo' })).status).toBe(200);
    expect(await zoneOf(company.admin)).toBe('America/Sao_Paulo');
    // the empty value goes back to the server's zone
    expect((await company.admin.put('/settings/timeZone', { value: '' })).status).toBe(200);
    expect(await zoneOf(company.admin)).toBe('UTC');
  });

  it('refuses a name that is no time zone, naming the field, and keeps the zone it had', async () => {
    expect((await company.admin.put('/settings/timeZone', { value: 'America/Sao_Paulo' })).status).toBe(200);
    const column = await company.admin.put('/companySettings', { column: 'timeZone', data: 'Mars/Olympus_Mons' });
    expect(column.status).toBe(400);
    expect(fieldsOf(column.body)).toEqual({ 'body.data': 'An IANA time zone, such as America/Sao_Paulo' });
    const byKey = await company.admin.put('/settings/timeZone', { value: 'GMT+99' });
    expect(byKey.status).toBe(400);
    expect(Object.keys(fieldsOf(byKey.body))).toEqual(['body.value']);
    const patch = await company.admin.put('/settings', { timeZone: 'Brasília', userRating: 'enabled' });
    expect(patch.status).toBe(400);
    expect(Object.keys(fieldsOf(patch.body))).toEqual(['body.timeZone']);
    expect(await zoneOf(company.admin)).toBe('America/Sao_Paulo');
    expect((await company.admin.get('/setting/userRating')).body.value).toBe('disabled');
  });
});

describe("business hours in the company's zone", () => {
  let shop: TestCompany;
  const CLOSED = 'Fechado agora. Abrimos às 08:00 (horário de Tóquio).';

  beforeAll(async () => {
    shop = await signupCompany(runtime, 'Loja Tóquio');
    expect((await shop.admin.put('/settings', { scheduleType: 'company', timeZone: 'Asia/Tokyo' })).status).toBe(200);
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((weekdayEn) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    }));
    expect((await shop.admin.put(`/companies/${shop.companyId}/schedules`, { schedules: week })).status).toBe(200);
    const second = await addQueue(shop.admin, {
      name: 'Vendas',
      color: '#2a6f4e',
      greetingMessage: 'Vendas',
      orderQueue: 2,
    });
    const conn = await shop.admin.put(`/whatsapp/${shop.connectionId}`, {
      greetingMessage: 'Bem-vindo!',
      outOfHoursMessage: CLOSED,
      queueIds: [shop.queueId, second.body.id],
    });
    expect(conn.status).toBe(200);
    // a first conversation cold-starts the functions a message passes through (isolated, that takes seconds)
    const first = await new Visitor(runtime, shop.webchatToken).start('Primeira Visita');
    expect((await first.api().post(`/webchat/${shop.webchatToken}/messages`, { body: 'Oi' })).status).toBe(202);
    await runtime.drainQueues(120_000);
  });

  it('is closed at 20:30 in Tokyo, though 11:30 in UTC is within the hours', async () => {
    // Wednesday 2026-11-25 11:30 UTC is 20:30 in Tokyo
    runtime.setClock({ at: Date.parse('2026-11-25T11:30:00.000Z') });
    const v = await new Visitor(runtime, shop.webchatToken).start('Yuki Noite');
    await v.say('Olá');
    expect(await botSaid(v)).toEqual([CLOSED]);
  });

  it('is open at 11:00 in Tokyo, though 02:00 in UTC is outside the hours', async () => {
    // Wednesday 2026-11-25 02:00 UTC is 11:00 in Tokyo
    runtime.setClock({ at: Date.parse('2026-11-25T02:00:00.000Z') });
    const v = await new Visitor(runtime, shop.webchatToken).start('Hana Manhã');
    await v.say('Olá');
    const said = await botSaid(v);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^Bem-vindo!\n\n\*\[ 1 \]\* - Atendimento\n\*\[ 2 \]\* - Vendas/);
  });
});

describe("an agent's working hours", () => {
  it("are read in the company's zone when the agent signs in", async () => {
    const company = await signupCompany(runtime, 'Turnos Tóquio');
    expect((await company.admin.put('/settings/timeZone', { value: 'Asia/Tokyo' })).status).toBe(200);
    // a clock held still in the middle of the current minute (tokens issued now stay valid)
    const fixed = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
    runtime.setClock({ at: fixed.getTime() });
    const hhmm = (timeZone: string, offsetMinutes: number) =>
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
        new Date(fixed.getTime() + offsetMinutes * 60_000),
      );
    const agent = async (name: string, timeZone: string) => {
      const email = `${name.toLowerCase().replace(/\W/g, '')}.${fixed.getTime()}@example.com`;
      const created = await company.admin.post('/users', {
        name,
        email,
        password: 'pass-12345',
        startWork: hhmm(timeZone, -10),
        endWork: hhmm(timeZone, 10),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return new ApiClient(runtime.url).login(email, 'pass-12345');
    };
    // on shift now in Tokyo
    expect((await agent('Turno Tóquio', 'Asia/Tokyo')).status).toBe(200);
    // on shift now in UTC, nine hours away from Tokyo
    expect(await agent('Turno UTC', 'UTC')).toMatchObject({ status: 401, body: { error: 'ERR_OUT_OF_HOURS' } });
  });
});

describe("the dashboard's and the report's days are the company's", () => {
  it("counts a ticket on the company's calendar day and hour, and the report's dates are that calendar's", async () => {
    // a zone whose calendar day differs from UTC's at this hour: 14 hours ahead, or 11 behind
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const company = await signupCompany(runtime, 'Fuso Painel');
    expect((await company.admin.put('/settings/timeZone', { value: zone })).status).toBe(200);
    const v = await new Visitor(runtime, company.webchatToken).start('Tavita Fuso');
    await v.say('Talofa');
    const found = await company.admin.get(`/tickets?status=search&searchParam=${encodeURIComponent('Tavita Fuso')}`);
    const ticket = (await company.admin.get(`/tickets/${found.body.tickets[0].id}`)).body as { id: number; createdAt: string };
    const local = localDayHour(ticket.createdAt, zone);
    const utcDay = ticket.createdAt.slice(0, 10);

    const day = await company.admin.get(`/dashboard/ticketsDay?initialDate=${local.day}&finalDate=${local.day}`);
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    expect(day.body).toEqual({ data: [{ horario: local.hour, total: 1 }], count: 1 });
    const dashboard = await company.admin.get(`/dashboard?date_from=${local.day}&date_to=${local.day}`);
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    expect(dashboard.body.counters.leads).toBe(1);

    const report = (dateFrom: string, dateTo: string) =>
      company.admin.get(`/ticketreport/reports?dateFrom=${dateFrom}&dateTo=${dateTo}`);
    const onLocalDay = await report(local.day, local.day);
    expect(onLocalDay.status, JSON.stringify(onLocalDay.body)).toBe(200);
    expect(onLocalDay.body.tickets.map((t: { id: number }) => t.id)).toEqual([ticket.id]);
    if (utcDay !== local.day) {
      const onUtcDay = await report(utcDay, utcDay);
      expect(onUtcDay.status, JSON.stringify(onUtcDay.body)).toBe(200);
      expect(onUtcDay.body.tickets).toEqual([]);
    }
  });
});
