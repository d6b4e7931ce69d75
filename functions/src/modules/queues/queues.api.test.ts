import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, fieldsOf, SocketProbe, startApi } from '../../../../test/api.ts';
import { addQueue, signupOnPlan, addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { addPlan, defaultPlanInput } from '../plans/plans.service.ts';

let runtime: Runtime;
let company: TestCompany;
let other: TestCompany;
let agent: { client: ApiClient; id: number };
let colour = 0;

/** A colour no other queue of the test has. */
const nextColor = () => `#${(++colour).toString(16).padStart(6, '0')}`;

const create = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await addQueue(client, { color: nextColor(), greetingMessage: 'Olá! Escolha uma opção', ...body });
  return res.body;
};

const queueIdsOf = async (client: ApiClient) => ((await client.get('/queue')).body as { id: number }[]).map((q) => q.id);

/**
 * A queue of `company` that `other` can name: queue ids count per company, so it is one whose id is neither a queue of
 * `other`'s nor the id `other`'s next queue takes (a new queue's options may point at the queue itself); one is made
 * when there is none yet.
 */
const foreignQueueId = async (): Promise<number> => {
  const beyond = Math.max(0, ...(await queueIdsOf(other.admin))) + 1;
  const existing = (await queueIdsOf(company.admin)).find((id) => id > beyond);
  if (existing !== undefined) return existing;
  for (;;) {
    const made = await create(company.admin, { name: `Deles ${colour}` });
    if (made.id > beyond) return made.id;
  }
};

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Queues Co');
  other = await signupCompany(runtime, 'Other Queues Co');
  agent = await addAgent(runtime, company);
});
afterAll(async () => {
  await runtime?.stop();
});

describe('create, show, list', () => {
  it('creates a queue with every field and a two-level option tree, giving each option an id', async () => {
    const queue = await create(company.admin, {
      name: 'Vendas',
      outOfHoursMessage: 'Fechado agora',
      orderQueue: 2,
      closeTicket: false,
      ativarRoteador: true,
      tempoRoteador: 15,
      firstResponseMinutes: 20,
      schedules: [
        {
          weekday: 'Segunda',
          weekdayEn: 'monday',
          startTimeA: '08:00',
          endTimeA: '12:00',
          startTimeB: '13:00',
          endTimeB: '18:00',
        },
      ],
      chatbots: [
        {
          name: 'Comprar',
          greetingMessage: 'O que deseja comprar?',
          options: [{ name: 'Atendente', queueType: 'attendent', optQueueId: company.queueId, optUserId: agent.id }],
        },
        { name: 'Suporte', queueType: 'queue', optQueueId: company.queueId },
      ],
    });
    expect(queue).toMatchObject({
      name: 'Vendas',
      outOfHoursMessage: 'Fechado agora',
      orderQueue: 2,
      ativarRoteador: true,
      tempoRoteador: 15,
      firstResponseMinutes: 20,
      fileListId: null,
      integrationId: null,
      schedules: [{ weekdayEn: 'monday', startTimeA: '08:00', endTimeB: '18:00' }],
      chatbots: [
        {
          id: 1,
          name: 'Comprar',
          queueType: 'text',
          options: [
            { id: 2, name: 'Atendente', queueType: 'attendent', optQueueId: company.queueId, optUserId: agent.id, options: [] },
          ],
        },
        { id: 3, name: 'Suporte', queueType: 'queue', optQueueId: company.queueId, optUserId: null, options: [] },
      ],
    });
    expect((await company.admin.get(`/queue/${queue.id}`)).body).toEqual(queue);
    const list = (await company.admin.get('/queue')).body as { id: number; name: string }[];
    expect(list.map((q) => q.name)).toContain('Vendas');
  });

  it('accepts a tree ten levels deep and refuses an eleventh level', async () => {
    const chain = (depth: number): Record<string, unknown> => ({
      name: `Nivel ${depth}`,
      options: depth > 1 ? [chain(depth - 1)] : [],
    });
    const deep = await create(company.admin, { name: 'Profunda', chatbots: [chain(10)] });
    expect(deep.chatbots[0].options[0].options[0].name).toBe('Nivel 8');
    const tooDeep = await company.admin.post('/queue', {
      name: 'Funda demais',
      color: nextColor(),
      greetingMessage: 'Oi',
      chatbots: [chain(11)],
    });
    expect(tooDeep.status).toBe(400);
    expect(JSON.stringify(tooDeep.body.fields)).toContain('At most 10 levels');
  });
});

describe('validation (spec document 2 section 5)', () => {
  it('refuses a name shorter than 2 or longer than 50 and a colour outside 3 to 9 characters', async () => {
    const res = await company.admin.post('/queue', { name: 'V', color: '#1', greetingMessage: 'Oi' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toMatchObject({ 'body.name': 'Too Short!', 'body.color': 'Too Short!' });
    const long = await company.admin.post('/queue', { name: 'x'.repeat(51), color: '#1234567890', greetingMessage: 'Oi' });
    expect(fieldsOf(long.body)).toMatchObject({ 'body.name': 'Too Long!', 'body.color': 'Too Long!' });
  });

  it('keeps colours unique per company (ERR_QUEUE_COLOR_ALREADY_EXISTS), whatever the letter case, on create and on update', async () => {
    const first = await create(company.admin, { name: 'Cor A', color: '#ABCDEF' });
    const clash = await company.admin.post('/queue', { name: 'Cor B', color: '#abcdef', greetingMessage: 'Oi' });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    const second = await create(company.admin, { name: 'Cor C' });
    const moved = await company.admin.put(`/queue/${second.id}`, { name: 'Cor C', color: '#ABCDEF', greetingMessage: 'Oi' });
    expect(moved.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    // another company may use it, and the first queue may keep it when it changes something else
    await create(other.admin, { name: 'Cor A', color: '#abcdef' });
    expect(
      (await company.admin.put(`/queue/${first.id}`, { name: 'Cor A2', color: '#abcdef', greetingMessage: 'Oi' })).status,
    ).toBe(200);
    // the freed colour is free again after a change of colour
    expect(
      (await company.admin.put(`/queue/${first.id}`, { name: 'Cor A2', color: '#fedcba', greetingMessage: 'Oi' })).status,
    ).toBe(200);
    expect(
      (await company.admin.put(`/queue/${second.id}`, { name: 'Cor C', color: '#ABCDEF', greetingMessage: 'Oi' })).status,
    ).toBe(200);
  });

  it('requires a greeting when the company has more than one queue (ERR_WAPP_GREETING_REQUIRED)', async () => {
    const res = await company.admin.post('/queue', { name: 'Sem saudação', color: nextColor(), greetingMessage: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    const lone = await signupCompany(runtime, 'Lonely Co');
    // its only queue may go without one
    expect(
      (await lone.admin.put(`/queue/${lone.queueId}`, { name: 'Atendimento', color: '#7c7c7c', greetingMessage: '' })).status,
    ).toBe(200);
  });

  it('refuses an option name under 4 characters, a missing target and an unknown rotation time', async () => {
    const res = await company.admin.post('/queue', {
      name: 'Curta',
      color: nextColor(),
      greetingMessage: 'Oi',
      tempoRoteador: 7,
      firstResponseMinutes: 1441,
      integrationId: 3,
      chatbots: [
        { name: 'Abc' },
        { name: 'Fila', queueType: 'queue' },
        { name: 'Integra', queueType: 'integration' },
        { name: 'Arquivos', queueType: 'file' },
      ],
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toMatchObject({
      'body.chatbots.0.name': 'Too Short!',
      'body.chatbots.1.optQueueId': 'Required',
      'body.chatbots.2.optIntegrationId': 'Required',
      'body.chatbots.3.optFileId': 'Required',
      'body.tempoRoteador': expect.stringContaining('One of'),
      'body.firstResponseMinutes': 'Máximo 1440',
    });
  });

  it("answers 404 for an unknown target queue, another company's queue, user or file list, and writes nothing", async () => {
    const before = (await company.admin.get('/queue')).body.length;
    const unknown = await company.admin.post('/queue', {
      name: 'Alvo',
      color: nextColor(),
      greetingMessage: 'Oi',
      chatbots: [{ name: 'Fila', options: [{ name: 'Perdida', queueType: 'queue', optQueueId: 9999 }] }],
    });
    expect(unknown.status).toBe(404);
    expect(fieldsOf(unknown.body)).toEqual({ 'body.chatbots.0.options.0.optQueueId': 'ERR_NOT_FOUND' });
    const theirQueue = await foreignQueueId();
    const othersBefore = await queueIdsOf(other.admin);
    const foreign = await other.admin.post('/queue', {
      name: 'Alheia',
      color: nextColor(),
      greetingMessage: 'Oi',
      chatbots: [{ name: 'Fila alheia', queueType: 'queue', optQueueId: theirQueue }],
    });
    expect(foreign.status).toBe(404);
    expect(await queueIdsOf(other.admin)).toEqual(othersBefore);
    const foreignUser = await company.admin.post('/queue', {
      name: 'Alheia',
      color: nextColor(),
      greetingMessage: 'Oi',
      chatbots: [{ name: 'Pessoa alheia', queueType: 'attendent', optQueueId: company.queueId, optUserId: other.adminId + 1000 }],
    });
    expect(foreignUser.status).toBe(404);
    const files = await other.admin.post('/files', { name: 'Arquivos de outra', message: 'Arquivos' });
    const foreignFile = await company.admin.post('/queue', {
      name: 'Alheia',
      color: nextColor(),
      greetingMessage: 'Oi',
      fileListId: files.body.id + 1000,
    });
    expect(foreignFile.status).toBe(404);
    expect((await company.admin.get('/queue')).body.length).toBe(before);
  });

  it("answers 404 to GET, PUT and DELETE of another company's queue, and changes nothing", async () => {
    const theirs = await foreignQueueId();
    const before = (await company.admin.get(`/queue/${theirs}`)).body;
    const mine = await queueIdsOf(other.admin);
    for (const res of [
      await other.admin.get(`/queue/${theirs}`),
      await other.admin.put(`/queue/${theirs}`, { name: 'Roubada', color: nextColor(), greetingMessage: 'Oi' }),
      await other.admin.delete(`/queue/${theirs}`),
    ])
      expect(res.status).toBe(404);
    expect((await company.admin.get(`/queue/${theirs}`)).body).toEqual(before);
    expect(await queueIdsOf(other.admin)).toEqual(mine);
  });

  it('refuses a new queue beyond the plan limit (ERR_QUEUE_LIMIT_REACHED)', async () => {
    const plan = await addPlan({ ...defaultPlanInput, name: 'Duas filas', queues: 2 });
    const { admin } = await signupOnPlan(runtime, plan.id, 'Limit Co');
    expect((await admin.post('/queue', { name: 'Segunda', color: '#010101', greetingMessage: 'Oi' })).status).toBe(201);
    const third = await admin.post('/queue', { name: 'Terceira', color: '#020202', greetingMessage: 'Oi' });
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({ error: 'ERR_QUEUE_LIMIT_REACHED', message: 'maximum queues reached: 2' });
  });

  it('holds the plan limit when creations arrive at once: one gets the last place', async () => {
    const plan = await addPlan({ ...defaultPlanInput, name: 'Três filas', queues: 3 });
    const { admin } = await signupOnPlan(runtime, plan.id, 'Race Co');
    expect((await admin.post('/queue', { name: 'Segunda', color: '#030303', greetingMessage: 'Oi' })).status).toBe(201);
    const results = await Promise.all(
      ['#040404', '#050505', '#060606', '#070707'].map((color, i) =>
        admin.post('/queue', { name: `Corrida ${i}`, color, greetingMessage: 'Oi' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r.body.error).toMatch(/ERR_QUEUE_LIMIT_REACHED|ERR_VALIDATION/);
    expect((await admin.get('/queue')).body).toHaveLength(3);
  });
});

describe('update and delete', () => {
  it('keeps the ids of options saved before and gives new ones to new options, never reusing a deleted one', async () => {
    const queue = await create(company.admin, { name: 'Ids', chatbots: [{ name: 'Primeira' }, { name: 'Segunda' }] });
    const [a, b] = queue.chatbots;
    const res = await company.admin.put(`/queue/${queue.id}`, {
      name: 'Ids',
      color: queue.color,
      greetingMessage: 'Oi',
      chatbots: [{ ...a, name: 'Primeira editada', options: [{ name: 'Filha nova' }] }],
    });
    expect(res.status).toBe(200);
    expect(res.body.chatbots).toMatchObject([
      { id: a.id, name: 'Primeira editada', options: [{ id: b.id + 1, name: 'Filha nova' }] },
    ]);
  });

  it('forbids the profile user (403) every change and the show', async () => {
    const queue = await create(company.admin, { name: 'Proibida' });
    expect((await agent.client.get(`/queue/${queue.id}`)).status).toBe(403);
    expect((await agent.client.post('/queue', { name: 'Do agente', color: nextColor(), greetingMessage: 'Oi' })).status).toBe(
      403,
    );
    expect(
      (await agent.client.put(`/queue/${queue.id}`, { name: 'Do agente', color: nextColor(), greetingMessage: 'Oi' })).status,
    ).toBe(403);
    expect((await agent.client.delete(`/queue/${queue.id}`)).status).toBe(403);
    // the inbox list stays open to agents
    expect((await agent.client.get('/queue')).status).toBe(200);
  });

  it("deletes a queue with its colour, removes it from users' queue lists and tells the agents live", async () => {
    const queue = await create(company.admin, { name: 'Apagar', color: '#dd0000' });
    const member = await addAgent(runtime, company, { queueIds: [company.queueId, queue.id] });
    const socket = await SocketProbe.open(runtime.url, `token=${agent.client.token}`);
    try {
      const event = `company-${company.companyId}-queue`;
      const updated = await company.admin.put(`/queue/${queue.id}`, {
        name: 'Apagar já',
        color: '#dd0000',
        greetingMessage: 'Oi',
      });
      expect((await socket.waitFor((f) => f.event === event && f.data.action === 'update')).data).toEqual({
        action: 'update',
        queue: updated.body,
      });
      expect((await company.admin.delete(`/queue/${queue.id}`)).body).toEqual({ ok: true });
      expect((await socket.waitFor((f) => f.event === event && f.data.action === 'delete')).data).toEqual({
        action: 'delete',
        queueId: queue.id,
      });
    } finally {
      socket.close();
    }
    expect((await company.admin.get(`/queue/${queue.id}`)).status).toBe(404);
    expect((await member.client.get('/auth/me')).body.queueIds).toEqual([company.queueId]);
    await create(company.admin, { name: 'Mesma cor', color: '#DD0000' });
  });

  it("takes a deleted queue out of the connections' menus and redirection", async () => {
    const queue = await create(company.admin, { name: 'Some daqui', color: nextColor() });
    const put = await company.admin.put(`/whatsapp/${company.connectionId}`, {
      queueIds: [company.queueId, queue.id],
      greetingMessage: 'Escolha:',
      timeSendQueue: 15,
      sendIdQueue: queue.id,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await company.admin.delete(`/queue/${queue.id}`)).status).toBe(200);
    const connection = (await company.admin.get(`/whatsapp/${company.connectionId}`)).body;
    expect(connection).toMatchObject({ queueIds: [company.queueId], sendIdQueue: null, timeSendQueue: 0 });
  });
});
