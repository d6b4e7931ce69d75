import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, fieldsOf, SocketProbe, startApi } from '../../../../test/api.ts';
import { signupOnPlan, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { getSchedule } from '../../platform/ports/local/schedules.repository.ts';
import { handler as jobsHandler } from '../../entries/jobs.lambda.ts';
import { addPlan, defaultPlanInput } from '../plans/plans.service.ts';
import { scheduleJobName } from './schedule.entity.ts';

let runtime: Runtime;
let company: TestCompany;
let admin: ApiClient;
let seq = 0;

interface ScheduleOut {
  id: number;
  body: string;
  contactId: number;
  contact: { name: string } | null;
  sendAt: string;
  sentAt: string | null;
  status: string;
  contadorEnvio: number;
  openTicket: string;
  statusTicket: string;
  intervalo: number;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: number;
  assinar: boolean;
  mediaPath: string | null;
  mediaName: string | null;
}

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const newContact = async (name: string) => {
  const res = await admin.post('/contacts', { name, number: `5541${String(910000000 + seq++)}` });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string };
};

const newSchedule = async (fields: Record<string, unknown>) => {
  const res = await admin.post('/schedules', fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ScheduleOut;
};

const scheduleOf = async (id: number) => (await admin.get(`/schedules/${id}`)).body as ScheduleOut;

/** Waits until the schedule leaves the given state (its Scheduler timer fired and the job ran). */
const waitWhile = async (id: number, still: (s: ScheduleOut) => boolean, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await runtime.drainQueues();
    const s = await scheduleOf(id);
    if (!still(s)) return s;
    if (Date.now() > until) throw new Error(`schedule ${id} still ${s.status}`);
    await sleep(200);
  }
};

/** A web chat visitor: a contact whose conversation the test can read from the customer's side. */
const visitorContact = async (name: string) => {
  const visitor = await new Visitor(runtime, company.webchatToken).start(name);
  await visitor.say(`Hello from ${name}`);
  const contacts = (await admin.get(`/contacts?searchParam=${encodeURIComponent(name)}`)).body.contacts as {
    id: number;
    name: string;
  }[];
  const contact = contacts.find((c) => c.name === name)!;
  expect(contact).toBeDefined();
  return { visitor, contact };
};

const sqsRecord = (body: unknown, receiveCount: number): SQSRecord => ({
  messageId: `redelivery-${seq++}`,
  receiptHandle: 'rh',
  body: JSON.stringify(body),
  attributes: {
    ApproximateReceiveCount: String(receiveCount),
    SentTimestamp: String(Date.now()),
    SenderId: 'scheduler',
    ApproximateFirstReceiveTimestamp: String(Date.now()),
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:sb-jobs',
  awsRegion: 'us-east-1',
});

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Schedules Co');
  admin = company.admin;
});
afterAll(async () => {
  await runtime?.stop();
});

describe('create, read, update and delete', () => {
  it('creates a schedule with the spec’s defaults, PENDENTE and armed for sendAt', async () => {
    const contact = await newContact('Ana Agenda');
    const sendAt = inHours(1);
    const s = await newSchedule({ body: 'Recordatorio de la cita', contactId: contact.id, sendAt });
    expect(s).toMatchObject({
      body: 'Recordatorio de la cita',
      contactId: contact.id,
      contact: { name: 'Ana Agenda' },
      sendAt,
      sentAt: null,
      status: 'PENDENTE',
      openTicket: 'enabled',
      statusTicket: 'closed',
      intervalo: 1,
      valorIntervalo: 1,
      enviarQuantasVezes: 1,
      tipoDias: 4,
      assinar: false,
      contadorEnvio: 0,
    });
    const armed = await getSchedule(scheduleJobName(company.companyId, s.id));
    expect(armed?.at.toISOString()).toBe(sendAt);
    expect(armed?.payload).toEqual({ type: 'schedules.send', companyId: company.companyId, scheduleId: s.id, runAt: sendAt });
    expect(await scheduleOf(s.id)).toMatchObject({ id: s.id, body: s.body });
  });

  it('lists 20 per page newest first, searches body and contact name, filters by contact', async () => {
    const bruno = await newContact('Bruno Paginado');
    const made: ScheduleOut[] = [];
    for (let i = 0; i < 22; i++)
      made.push(await newSchedule({ body: `Mensaje paginado ${i}`, contactId: bruno.id, sendAt: inHours(2 + i) }));
    const first = (await admin.get('/schedules?pageNumber=1')).body as {
      schedules: ScheduleOut[];
      hasMore: boolean;
      count: number;
    };
    expect(first.schedules).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.schedules[0]!.id).toBe(made[21]!.id);
    const second = (await admin.get('/schedules?pageNumber=2')).body as { schedules: ScheduleOut[]; hasMore: boolean };
    expect(second.hasMore).toBe(false);
    expect([...first.schedules, ...second.schedules].map((s) => s.id)).toEqual([
      ...new Set([...first.schedules, ...second.schedules].map((s) => s.id)),
    ]);
    expect(first.schedules.length + second.schedules.length).toBe(23);

    const byBody = (await admin.get('/schedules?searchParam=paginado%2021')).body as { schedules: ScheduleOut[] };
    expect(byBody.schedules.map((s) => s.id)).toEqual([made[21]!.id]);
    const byName = (await admin.get(`/schedules?searchParam=${encodeURIComponent('ANA agenda')}`)).body as {
      schedules: ScheduleOut[];
    };
    expect(byName.schedules.map((s) => s.body)).toEqual(['Recordatorio de la cita']);
    const byContact = (await admin.get(`/schedules?contactId=${bruno.id}&pageNumber=2`)).body as {
      schedules: ScheduleOut[];
      hasMore: boolean;
    };
    expect(byContact).toMatchObject({ hasMore: false });
    expect(byContact.schedules.map((s) => s.id)).toEqual([made[1]!.id, made[0]!.id]);
  });

  it('updates the fields and re-arms the send; deleting removes it and cancels the send', async () => {
    const contact = await newContact('Carla Cambio');
    const s = await newSchedule({ body: 'Primera versión', contactId: contact.id, sendAt: inHours(3) });
    const later = inHours(30);
    const updated = await admin.put(`/schedules/${s.id}`, {
      body: 'Segunda versión',
      contactId: contact.id,
      sendAt: later,
      intervalo: 2,
      valorIntervalo: 1,
      enviarQuantasVezes: 3,
      tipoDias: 6,
      assinar: true,
      statusTicket: 'open',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      body: 'Segunda versión',
      sendAt: later,
      intervalo: 2,
      enviarQuantasVezes: 3,
      tipoDias: 6,
      assinar: true,
      statusTicket: 'open',
    });
    expect((await getSchedule(scheduleJobName(company.companyId, s.id)))?.payload).toMatchObject({ runAt: later });

    expect(await admin.delete(`/schedules/${s.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await getSchedule(scheduleJobName(company.companyId, s.id))).toBeUndefined();
    expect(await admin.get(`/schedules/${s.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    expect((await admin.delete(`/schedules/${s.id}`)).status).toBe(404);
  });

  it('pushes company<id>-schedule on create and delete', async () => {
    const contact = await newContact('Diego Directo');
    const socket = await SocketProbe.open(runtime.url, `token=${admin.token}`);
    try {
      const s = await newSchedule({ body: 'Aviso en vivo', contactId: contact.id, sendAt: inHours(4) });
      const created = await socket.waitFor((f) => f.event === `company${company.companyId}-schedule`);
      expect(created.data).toMatchObject({ action: 'create', schedule: { id: s.id, body: 'Aviso en vivo' } });
      await admin.delete(`/schedules/${s.id}`);
      const deleted = await socket.waitFor(
        (f) => f.event === `company${company.companyId}-schedule` && (f.data as { action: string }).action === 'delete',
      );
      expect(deleted.data).toEqual({ action: 'delete', scheduleId: s.id });
    } finally {
      await socket.close();
    }
  });
});

describe('validation', () => {
  it('answers 400 with the spec’s texts and writes nothing', async () => {
    const contact = await newContact('Elena Error');
    const before = (await admin.get(`/schedules?contactId=${contact.id}`)).body.schedules;
    const short = await admin.post('/schedules', { body: 'Hola', contactId: contact.id, sendAt: inHours(1) });
    expect(short).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fieldsOf(short.body)).toEqual({ 'body.body': 'Mensaje muy corto' });
    expect(fieldsOf((await admin.post('/schedules', { body: '   ', contactId: contact.id, sendAt: inHours(1) })).body)).toEqual({
      'body.body': 'Requerido',
    });
    expect(fieldsOf((await admin.post('/schedules', {})).body)).toEqual({
      'body.body': 'Requerido',
      'body.contactId': 'Requerido',
      'body.sendAt': 'Requerido',
    });
    expect(
      fieldsOf((await admin.post('/schedules', { body: 'Mensaje válido', contactId: contact.id, sendAt: 'mañana' })).body),
    ).toEqual({ 'body.sendAt': 'Invalid date' });
    expect(
      (await admin.post('/schedules', { body: 'Mensaje válido', contactId: contact.id, sendAt: inHours(1), tipoDias: 7 })).status,
    ).toBe(400);
    expect(
      (await admin.post('/schedules', { body: 'Mensaje válido', contactId: contact.id, sendAt: inHours(1), intervalo: 5 }))
        .status,
    ).toBe(400);
    expect(await admin.post('/schedules', { body: 'Mensaje válido', contactId: 999999, sendAt: inHours(1) })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
    expect((await admin.get(`/schedules?contactId=${contact.id}`)).body.schedules).toEqual(before);
  });

  it('takes a png, jpg or jpeg attachment only, and removes it', async () => {
    const contact = await newContact('Fabio Foto');
    const s = await newSchedule({ body: 'Con una imagen', contactId: contact.id, sendAt: inHours(5) });
    const gif = await admin.post(`/schedules/${s.id}/media-upload`, { name: 'x.gif', mimeType: 'image/gif', size: 10 });
    expect(gif).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(Object.keys(fieldsOf(gif.body))).toEqual(['body.mimeType', 'body.name']);
    const svg = await admin.post(`/schedules/${s.id}/media-upload`, { name: 'x.svg', mimeType: 'image/svg+xml', size: 10 });
    expect(Object.keys(fieldsOf(svg.body))).toEqual(['body.mimeType', 'body.name']);
    // a page disguised by its declared type: the extension must be the type's
    const disguised = await admin.post(`/schedules/${s.id}/media-upload`, { name: 'x.html', mimeType: 'image/png', size: 10 });
    expect(Object.keys(fieldsOf(disguised.body))).toEqual(['body.name']);
    const swapped = await admin.post(`/schedules/${s.id}/media-upload`, { name: 'x.png', mimeType: 'image/jpeg', size: 10 });
    expect(Object.keys(fieldsOf(swapped.body))).toEqual(['body.name']);
    expect((await scheduleOf(s.id)).mediaPath).toBeNull();

    const png = await admin.post(`/schedules/${s.id}/media-upload`, { name: 'folleto.png', mimeType: 'image/png', size: 4 });
    expect(png.status).toBe(200);
    expect(png.body.schedule).toMatchObject({ mediaName: 'folleto.png' });
    const put = await fetch(new URL(png.body.uploadUrl, runtime.url), {
      method: 'PUT',
      headers: png.body.headers,
      body: new Uint8Array([1, 2, 3, 4]),
    });
    expect(put.ok).toBe(true);
    const removed = await admin.delete(`/schedules/${s.id}/media-upload`);
    expect(removed.body).toMatchObject({ id: s.id, mediaPath: null, mediaName: null });
  });
});

describe('access', () => {
  it('refuses every schedule route with 403 when the plan lacks useSchedules', async () => {
    const plan = await addPlan({ ...defaultPlanInput, name: 'Sin agenda', useSchedules: false });
    const { admin: client } = await signupOnPlan(runtime, plan.id, 'No Schedules');
    const contact = await client.post('/contacts', { name: 'Gabi Gate', number: '5541988880001' });
    expect(await client.get('/schedules')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(
      (await client.post('/schedules', { body: 'Mensaje válido', contactId: contact.body.id, sendAt: inHours(1) })).status,
    ).toBe(403);
    expect((await client.get('/schedules/1')).status).toBe(403);
  });

  it('answers 404 for another company’s schedule and changes nothing', async () => {
    const contact = await newContact('Hugo Hermético');
    const s = await newSchedule({ body: 'Solo para nosotros', contactId: contact.id, sendAt: inHours(6) });
    const other = await signupCompany(runtime, 'Other Schedules');
    expect((await other.admin.get(`/schedules/${s.id}`)).status).toBe(404);
    expect(
      (await other.admin.put(`/schedules/${s.id}`, { body: 'Cambiado por otra', contactId: contact.id, sendAt: inHours(1) }))
        .status,
    ).toBe(404);
    expect((await other.admin.delete(`/schedules/${s.id}`)).status).toBe(404);
    expect((await other.admin.get('/schedules')).body.schedules).toEqual([]);
    expect(await scheduleOf(s.id)).toMatchObject({ body: 'Solo para nosotros', status: 'PENDENTE' });
    expect(await getSchedule(scheduleJobName(company.companyId, s.id))).toBeDefined();
  });
});

describe('sending', () => {
  it('sends a due schedule into the contact’s ticket with variables and signature, closes the ticket, and never twice', async () => {
    const { visitor, contact } = await visitorContact('Irene Visitante');
    const socket = await SocketProbe.open(runtime.url, `token=${admin.token}`);
    const sendAt = new Date(Date.now() + 1500).toISOString();
    const s = await newSchedule({ body: 'Hola {{firstName}}, su cita es mañana', contactId: contact.id, sendAt, assinar: true });
    try {
      const done = await waitWhile(s.id, (x) => x.status === 'PENDENTE' || x.status === 'AGENDADA');
      expect(done).toMatchObject({ status: 'ENVIADA', contadorEnvio: 1 });
      expect(done.sentAt).not.toBeNull();
      const pushed = await socket.waitFor(
        (f) =>
          f.event === `company${company.companyId}-schedule` &&
          (f.data as { schedule?: { status: string } }).schedule?.status === 'ENVIADA',
      );
      expect(pushed.data).toMatchObject({ action: 'update', schedule: { id: s.id } });
    } finally {
      await socket.close();
    }
    const expected = '*Owner:*\nHola Irene, su cita es mañana';
    const received = (await visitor.conversation()).messages.filter((m) => !m.fromVisitor).map((m) => m.body);
    expect(received).toEqual([expected]);
    const tickets = (await admin.get('/tickets?status=closed&showAll=true')).body.tickets as {
      contactId: number;
      lastMessage: string;
      status: string;
    }[];
    expect(tickets.find((t) => t.contactId === contact.id)).toMatchObject({ status: 'closed', lastMessage: expected });

    // the same delivery again (a redelivered job) and a stale one find nothing to send
    const response = await jobsHandler({
      Records: [sqsRecord({ type: 'schedules.send', companyId: company.companyId, scheduleId: s.id, runAt: sendAt }, 2)],
    });
    expect(response).toEqual({ batchItemFailures: [] });
    await runtime.drainQueues();
    expect((await visitor.conversation()).messages.filter((m) => !m.fromVisitor).map((m) => m.body)).toEqual([expected]);
    expect(await scheduleOf(s.id)).toMatchObject({ status: 'ENVIADA', contadorEnvio: 1 });
  });

  it('leaves the ticket open for the schedule’s user when statusTicket is open', async () => {
    const { contact } = await visitorContact('Julia Abierta');
    const s = await newSchedule({
      body: 'Seguimos en contacto',
      contactId: contact.id,
      sendAt: new Date(Date.now() + 1000).toISOString(),
      statusTicket: 'open',
    });
    await waitWhile(s.id, (x) => x.status === 'PENDENTE' || x.status === 'AGENDADA');
    const tickets = (await admin.get('/tickets?status=open&showAll=true')).body.tickets as {
      contactId: number;
      userId: number;
      lastMessage: string;
    }[];
    expect(tickets.find((t) => t.contactId === contact.id)).toMatchObject({
      userId: company.adminId,
      lastMessage: 'Seguimos en contacto',
    });
  });

  it('arms the next run of a recurring schedule and sends it up to enviarQuantasVezes times', async () => {
    const { visitor, contact } = await visitorContact('Karen Repetida');
    const sendAt = new Date(Date.now() + 1000).toISOString();
    const s = await newSchedule({
      body: 'Recordatorio semanal',
      contactId: contact.id,
      sendAt,
      intervalo: 2,
      valorIntervalo: 1,
      enviarQuantasVezes: 2,
      tipoDias: 4,
      statusTicket: 'open',
    });
    const afterFirst = await waitWhile(s.id, (x) => x.contadorEnvio === 0);
    const nextAt = new Date(Date.parse(sendAt) + 7 * 86_400_000).toISOString();
    expect(afterFirst).toMatchObject({ status: 'PENDENTE', contadorEnvio: 1, sendAt: nextAt });
    expect((await getSchedule(scheduleJobName(company.companyId, s.id)))?.payload).toMatchObject({ runAt: nextAt });
    expect((await visitor.conversation()).messages.filter((m) => !m.fromVisitor)).toHaveLength(1);

    // the old run delivered again is stale; the second run is the last one
    await jobsHandler({
      Records: [sqsRecord({ type: 'schedules.send', companyId: company.companyId, scheduleId: s.id, runAt: sendAt }, 2)],
    });
    expect(await scheduleOf(s.id)).toMatchObject({ status: 'PENDENTE', contadorEnvio: 1 });
    await jobsHandler({
      Records: [sqsRecord({ type: 'schedules.send', companyId: company.companyId, scheduleId: s.id, runAt: nextAt }, 1)],
    });
    await runtime.drainQueues();
    expect(await scheduleOf(s.id)).toMatchObject({ status: 'ENVIADA', contadorEnvio: 2, sendAt: nextAt });
    expect((await visitor.conversation()).messages.filter((m) => !m.fromVisitor).map((m) => m.body)).toEqual([
      'Recordatorio semanal',
      'Recordatorio semanal',
    ]);
  });

  it('sends nothing for a deleted schedule', async () => {
    const { visitor, contact } = await visitorContact('Luis Borrado');
    const sendAt = new Date(Date.now() + 1200).toISOString();
    const s = await newSchedule({ body: 'Nunca debe llegar', contactId: contact.id, sendAt });
    expect((await admin.delete(`/schedules/${s.id}`)).status).toBe(200);
    await sleep(1800);
    await jobsHandler({
      Records: [sqsRecord({ type: 'schedules.send', companyId: company.companyId, scheduleId: s.id, runAt: sendAt }, 1)],
    });
    await runtime.drainQueues();
    expect((await visitor.conversation()).messages.filter((m) => !m.fromVisitor)).toEqual([]);
  });
});

describe("recurrence in the company's time zone", () => {
  it('keeps the local time of day and moves by the working days of a company in São Paulo', async () => {
    const shop = await signupCompany(runtime, 'Agenda São Paulo');
    expect((await shop.admin.put('/settings/timeZone', { value: 'America/Sao_Paulo' })).status).toBe(200);
    const visitor = await new Visitor(runtime, shop.webchatToken).start('Nina Fuso');
    await visitor.say('Oi');
    const contacts = (await shop.admin.get(`/contacts?searchParam=${encodeURIComponent('Nina Fuso')}`)).body.contacts as {
      id: number;
      name: string;
    }[];
    const contact = contacts.find((c) => c.name === 'Nina Fuso')!;
    // Friday 2030-01-04 23:30 in São Paulo, already Saturday 02:30 in UTC
    const sendAt = '2030-01-05T02:30:00.000Z';
    const created = await shop.admin.post('/schedules', {
      body: 'Lembrete diário',
      contactId: contact.id,
      sendAt,
      intervalo: 1,
      valorIntervalo: 1,
      enviarQuantasVezes: 2,
      tipoDias: 6,
      statusTicket: 'open',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await jobsHandler({
      Records: [sqsRecord({ type: 'schedules.send', companyId: shop.companyId, scheduleId: created.body.id, runAt: sendAt }, 1)],
    });
    // the next day is a Saturday there: forward to Monday, still 23:30 in São Paulo (not Monday 02:30 UTC)
    const next = '2030-01-08T02:30:00.000Z';
    expect((await shop.admin.get(`/schedules/${created.body.id}`)).body).toMatchObject({
      status: 'PENDENTE',
      contadorEnvio: 1,
      sendAt: next,
    });
    expect((await getSchedule(scheduleJobName(shop.companyId, created.body.id)))?.at.toISOString()).toBe(next);
  });
});
