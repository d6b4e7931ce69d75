import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Connection, connectionEngineDefaults } from '@switchboard/shared/contracts/connections';
import { defaultWeek } from '@switchboard/shared/weekly-hours';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, fieldsOf, startApi } from '../../../../test/api.ts';
import { addQueue, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { connectionKey } from './connection.entity.ts';

/**
 * The fields the conversation engine reads from a connection (spec document 2 sections 3, 5 and 9): their defaults,
 * a round trip of each, and the rules across them, refused with 400 on the field's path and nothing changed.
 */
let runtime: Runtime;
let company: TestCompany;
let stranger: TestCompany;
/** a queue id the stranger has and this company does not (ids are numbered per company) */
let strangersQueueId: number;
let colour = 0;
/** connections a test made, deleted after it (the plan allows 5) */
const made: number[] = [];

const defaults = { ...connectionEngineDefaults, schedules: [] };
const engineKeys = Object.keys(defaults) as (keyof typeof defaults)[];

const create = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await client.post('/whatsapp', { channel: 'webchat', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made.push(res.body.id);
  return res.body as Connection;
};

const queueOf = async (c: TestCompany, name: string) => {
  const res = await addQueue(c.admin, {
    name,
    color: `#${(++colour).toString(16).padStart(6, '0')}`,
    greetingMessage: 'Olá!',
  });
  return res.body.id as number;
};

const engineFieldsOf = (c: Connection) => Object.fromEntries(engineKeys.map((k) => [k, c[k]]));

/** Every engine field set away from its default. */
const everyField = (queueId: number) => ({
  ratingMessage: 'De 0 a 10, como foi o atendimento?',
  collectiveVacationMessage: 'Estamos em férias coletivas até 10/01.',
  collectiveVacationStart: '2026-12-20',
  collectiveVacationEnd: '2027-01-10',
  maxUseBotQueues: 5,
  timeUseBotQueues: 15,
  timeSendQueue: 30,
  sendIdQueue: queueId,
  expiresTicket: 48,
  whenExpiresTicket: '1' as const,
  expiresInactiveMessage: 'Encerramos por inatividade.',
  timeInactiveMessage: 20,
  inactiveMessage: 'Ainda está por aí?',
  timeToReturnQueue: 60,
  expiresTicketNPS: 120,
  maxUseBotQueuesNPS: 2,
  schedules: defaultWeek().map((d) =>
    d.weekdayEn === 'sunday' ? { ...d, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' } : d,
  ),
});

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Engine Fields Co');
  stranger = await signupCompany(runtime, 'Engine Fields Stranger Co');
  // the stranger's queues outnumber this company's, so its last id is one this company lacks
  await queueOf(stranger, 'Fila estranha 1');
  strangersQueueId = await queueOf(stranger, 'Fila estranha 2');
});
afterEach(async () => {
  for (const id of made.splice(0)) expect((await company.admin.delete(`/whatsapp/${id}`)).status).toBe(200);
});
afterAll(async () => {
  await runtime?.stop();
});

describe("a connection's engine fields", () => {
  it('answers the defaults on a new connection, and on one stored before the fields existed', async () => {
    const chat = await create(company.admin, { name: 'Defaults' });
    expect(engineFieldsOf(chat)).toEqual(defaults);
    expect(chat).toMatchObject({
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      whenExpiresTicket: '0',
      sendIdQueue: null,
      schedules: [],
    });
    expect(engineFieldsOf((await company.admin.get(`/whatsapp/${chat.id}`)).body)).toEqual(defaults);

    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: connectionKey(company.companyId, chat.id),
        UpdateExpression: `REMOVE ${engineKeys.map((_, i) => `#f${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(engineKeys.map((k, i) => [`#f${i}`, k])),
      }),
    );
    expect(engineFieldsOf((await company.admin.get(`/whatsapp/${chat.id}`)).body)).toEqual(defaults);
  });

  it('keeps every field given when creating and when editing, and reads them back', async () => {
    const fields = everyField(company.queueId);
    const chat = await create(company.admin, { name: 'Round trip', ...fields });
    expect(engineFieldsOf(chat)).toEqual(fields);
    expect(engineFieldsOf((await company.admin.get(`/whatsapp/${chat.id}`)).body)).toEqual(fields);

    const edited = await company.admin.put(`/whatsapp/${chat.id}`, { ...defaults, name: 'Round trip back' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(engineFieldsOf(edited.body)).toEqual(defaults);
    const again = await company.admin.put(`/whatsapp/${chat.id}`, fields);
    expect(engineFieldsOf(again.body)).toEqual(fields);
    expect((await company.admin.get(`/whatsapp/${chat.id}`)).body).toEqual(again.body);
  });

  it('changes only the engine fields sent', async () => {
    const chat = await create(company.admin, { name: 'Partial', ...everyField(company.queueId) });
    const res = await company.admin.put(`/whatsapp/${chat.id}`, {
      maxUseBotQueues: 0,
      expiresTicket: 8760,
      whenExpiresTicket: '0',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(engineFieldsOf(res.body)).toEqual({
      ...engineFieldsOf(chat),
      maxUseBotQueues: 0,
      expiresTicket: 8760,
      whenExpiresTicket: '0',
    });
  });

  it("refuses each field out of its range with 400 on the field's path", async () => {
    const chat = await create(company.admin, { name: 'Ranges' });
    const cases: [string, unknown][] = [
      ['maxUseBotQueues', 101],
      ['maxUseBotQueues', -1],
      ['maxUseBotQueuesNPS', 1.5],
      ['timeUseBotQueues', 10_081],
      ['timeSendQueue', -1],
      ['sendIdQueue', 0],
      ['expiresTicket', 8761],
      ['whenExpiresTicket', '2'],
      ['whenExpiresTicket', 1],
      ['timeInactiveMessage', 10_081],
      ['timeToReturnQueue', 'ten'],
      ['expiresTicketNPS', 10_081],
      ['ratingMessage', 'x'.repeat(4001)],
      ['inactiveMessage', 'x'.repeat(4001)],
      ['expiresInactiveMessage', 'x'.repeat(4001)],
      ['collectiveVacationMessage', 'x'.repeat(4001)],
      ['collectiveVacationStart', '20/12/2026'],
      ['collectiveVacationEnd', '2026-02-30'],
    ];
    for (const [field, value] of cases) {
      for (const res of [
        await company.admin.put(`/whatsapp/${chat.id}`, { [field]: value }),
        await company.admin.post('/whatsapp', { channel: 'webchat', name: 'Bad', [field]: value }),
      ]) {
        expect(res, `${field} = ${JSON.stringify(value)}`).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
        expect(Object.keys(fieldsOf(res.body))).toEqual([`body.${field}`]);
      }
    }
  });

  it('refuses hours that are not a valid week, naming the entry and the time', async () => {
    const chat = await create(company.admin, { name: 'Hours' });
    const week = defaultWeek();
    const cases: [unknown, Record<string, string>][] = [
      [week.map((d, i) => (i === 1 ? { ...d, endTimeA: '07:00' } : d)), { 'body.schedules.1.endTimeA': 'order' }],
      [week.map((d, i) => (i === 2 ? { ...d, startTimeB: '11:00' } : d)), { 'body.schedules.2.startTimeB': 'overlap' }],
      [week.map((d, i) => (i === 0 ? { ...d, endTimeB: '' } : d)), { 'body.schedules.0.endTimeB': 'required' }],
      [[week[0], week[0]], { 'body.schedules.1.weekdayEn': 'duplicate' }],
    ];
    for (const [schedules, fields] of cases) {
      const res = await company.admin.put(`/whatsapp/${chat.id}`, { schedules });
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(fieldsOf(res.body)).toEqual(fields);
    }
    expect(
      fieldsOf((await company.admin.put(`/whatsapp/${chat.id}`, { schedules: [{ ...week[0], startTimeA: '8h' }] })).body),
    ).toHaveProperty('body.schedules.0.startTimeA');
    expect(fieldsOf((await company.admin.put(`/whatsapp/${chat.id}`, { schedules: [...week, week[0]] })).body)).toHaveProperty(
      'body.schedules',
    );
    expect((await company.admin.get(`/whatsapp/${chat.id}`)).body.schedules).toEqual([]);
  });
});

describe('the rules across the engine fields (spec document 2 section 5)', () => {
  const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
    [
      'a rating message without a rating expiry',
      { ratingMessage: 'Dê uma nota de 0 a 10' },
      { 'body.expiresTicketNPS': 'Must be more than 0 with a rating message' },
    ],
    ['a redirection time without a queue', { timeSendQueue: 10 }, { 'body.sendIdQueue': 'Required with a redirection time' }],
    [
      'a redirection queue without a time',
      { sendIdQueue: 'own' },
      { 'body.timeSendQueue': 'Must be more than 0 with a redirection queue' },
    ],
    [
      'a vacation message without its days',
      { collectiveVacationMessage: 'Férias!' },
      {
        'body.collectiveVacationStart': 'Required with a vacation message',
        'body.collectiveVacationEnd': 'Required with a vacation message',
      },
    ],
    [
      'a vacation that ends before it starts',
      { collectiveVacationMessage: 'Férias!', collectiveVacationStart: '2027-01-10', collectiveVacationEnd: '2026-12-20' },
      { 'body.collectiveVacationEnd': 'Must not be before the start date' },
    ],
    ["another company's queue", { timeSendQueue: 10, sendIdQueue: 'stranger' }, { 'body.sendIdQueue': 'Unknown queue STRANGER' }],
  ];
  const resolve = (body: Record<string, unknown>) => ({
    ...body,
    ...(body.sendIdQueue === 'own'
      ? { sendIdQueue: company.queueId }
      : body.sendIdQueue === 'stranger'
        ? { sendIdQueue: strangersQueueId }
        : {}),
  });
  const expected = (fields: Record<string, string>) =>
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.replace('STRANGER', String(strangersQueueId))]));

  it.each(refusals)('refuses %s when creating (400 on the field) and creates nothing', async (_, body, fields) => {
    const before = (await company.admin.get('/whatsapp')).body;
    const res = await company.admin.post('/whatsapp', { channel: 'webchat', name: 'Refused', ...resolve(body) });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fieldsOf(res.body)).toEqual(expected(fields));
    expect((await company.admin.get('/whatsapp')).body).toEqual(before);
  });

  it.each(refusals)('refuses %s when editing (400 on the field) and changes nothing', async (_, body, fields) => {
    const chat = await create(company.admin, { name: 'Unchanged' });
    const res = await company.admin.put(`/whatsapp/${chat.id}`, { name: 'Changed', maxUseBotQueues: 7, ...resolve(body) });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fieldsOf(res.body)).toEqual(expected(fields));
    expect((await company.admin.get(`/whatsapp/${chat.id}`)).body).toEqual(chat);
  });

  it('checks the connection as the edit leaves it: a field sent alone is judged with the stored ones', async () => {
    const chat = await create(company.admin, {
      name: 'Merged',
      ratingMessage: 'Nota de 0 a 10?',
      expiresTicketNPS: 30,
      timeSendQueue: 5,
      sendIdQueue: company.queueId,
    });
    // clearing one half of a pair that the stored record still holds is refused
    expect(fieldsOf((await company.admin.put(`/whatsapp/${chat.id}`, { expiresTicketNPS: 0 })).body)).toEqual({
      'body.expiresTicketNPS': 'Must be more than 0 with a rating message',
    });
    expect(fieldsOf((await company.admin.put(`/whatsapp/${chat.id}`, { sendIdQueue: null })).body)).toEqual({
      'body.sendIdQueue': 'Required with a redirection time',
    });
    expect(fieldsOf((await company.admin.put(`/whatsapp/${chat.id}`, { timeSendQueue: 0 })).body)).toEqual({
      'body.timeSendQueue': 'Must be more than 0 with a redirection queue',
    });
    expect((await company.admin.get(`/whatsapp/${chat.id}`)).body).toEqual(chat);
    // both halves together, or the rating message emptied first, are accepted
    const off = await company.admin.put(`/whatsapp/${chat.id}`, {
      timeSendQueue: 0,
      sendIdQueue: null,
      ratingMessage: '',
      expiresTicketNPS: 0,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ timeSendQueue: 0, sendIdQueue: null, ratingMessage: '', expiresTicketNPS: 0 });
    // a one-day vacation, and dates kept without a message, are fine
    const vacation = await company.admin.put(`/whatsapp/${chat.id}`, {
      collectiveVacationMessage: 'Fechado hoje',
      collectiveVacationStart: '2026-12-25',
      collectiveVacationEnd: '2026-12-25',
    });
    expect(vacation.status, JSON.stringify(vacation.body)).toBe(200);
    expect((await company.admin.put(`/whatsapp/${chat.id}`, { collectiveVacationMessage: '' })).status).toBe(200);
  });

  it('clears the redirection when its queue is deleted, and refuses the deleted queue afterwards', async () => {
    const queueId = await queueOf(company, 'Fila temporária');
    const chat = await create(company.admin, { name: 'Redirected', timeSendQueue: 5, sendIdQueue: queueId });
    expect((await company.admin.delete(`/queue/${queueId}`)).status).toBe(200);
    expect((await company.admin.get(`/whatsapp/${chat.id}`)).body).toMatchObject({ sendIdQueue: null, timeSendQueue: 0 });
    expect((await company.admin.put(`/whatsapp/${chat.id}`, { name: 'Redirected renamed' })).status).toBe(200);
    const refused = await company.admin.put(`/whatsapp/${chat.id}`, { timeSendQueue: 5, sendIdQueue: queueId });
    expect(fieldsOf(refused.body)).toEqual({ 'body.sendIdQueue': `Unknown queue ${queueId}` });
  });
});
