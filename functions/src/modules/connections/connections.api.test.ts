import type { Connection } from '@switchboard/shared/contracts/connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, fieldsOf, SocketProbe, startApi } from '../../../../test/api.ts';
import { until } from '../../../../test/until.ts';
import { addAgent, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;

type Conn = Connection;

const create = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await client.post('/whatsapp', { channel: 'webchat', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Conn;
};

const listOf = async (client: ApiClient) => {
  const res = await client.get('/whatsapp');
  expect(res.status).toBe(200);
  return res.body as Conn[];
};

const defaultsOf = async (client: ApiClient) => (await listOf(client)).filter((c) => c.isDefault).map((c) => c.id);

const widgetStatus = async (token: string) => (await fetch(`${runtime.url}/api/webchat/${token}`)).status;

const planLimit = async (c: TestCompany) =>
  (await c.admin.get(`/companies/listPlan/${c.companyId}`)).body.plan.connections as number;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Connections Co');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('read', () => {
  it('shows the web chat every company starts with, its default connection, to admins and allowConnections users', async () => {
    const [chat] = await listOf(company.admin);
    expect(chat).toMatchObject({
      id: company.connectionId,
      channel: 'webchat',
      status: 'CONNECTED',
      number: null,
      isDefault: true,
      token: company.apiToken,
      widgetKey: company.webchatToken,
    });
    expect(chat!.token).toHaveLength(30);
    expect(chat!.widgetKey).toHaveLength(30);
    expect((await company.admin.get(`/whatsapp/${chat!.id}`)).body).toEqual(chat);

    const agent = await addAgent(runtime, company);
    expect(await agent.client.get(`/whatsapp/${chat!.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const allowed = await addAgent(runtime, company, { allowConnections: 'enabled' });
    expect((await allowed.client.get(`/whatsapp/${chat!.id}`)).body).toEqual(chat);
    expect(await company.admin.get('/whatsapp/999999')).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect((await company.admin.get('/whatsapp/abc')).status).toBe(400);
  });
});

describe('who reads the API token and the widget key', () => {
  it('answers them only to those who may manage connections; agents read null and no frame carries either', async () => {
    const own = await signupCompany(runtime, 'Secrets Co');
    const agent = await addAgent(runtime, own);
    const manager = await addAgent(runtime, own, { allowConnections: 'enabled' });
    const sockets = await Promise.all([agent.client, own.admin].map((c) => SocketProbe.open(runtime.url, `token=${c.token}`)));
    try {
      const seen = await listOf(agent.client);
      expect(seen.find((c) => c.id === own.connectionId)).toMatchObject({ channel: 'webchat', token: null, widgetKey: null });
      expect(JSON.stringify(seen)).not.toContain(own.apiToken);
      expect(JSON.stringify(seen)).not.toContain(own.webchatToken);
      expect(await agent.client.get(`/whatsapp/${own.connectionId}`)).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      for (const client of [own.admin, manager.client]) {
        expect((await listOf(client)).find((c) => c.id === own.connectionId)).toMatchObject({
          token: own.apiToken,
          widgetKey: own.webchatToken,
        });
      }
      expect((await manager.client.get(`/whatsapp/${own.connectionId}`)).body).toMatchObject({
        token: own.apiToken,
        widgetKey: own.webchatToken,
      });

      const renewed = await own.admin.put(`/whatsapp/${own.connectionId}`, { regenerateToken: true, regenerateWidgetKey: true });
      expect(renewed.status).toBe(200);
      const event = `company-${own.companyId}-whatsapp`;
      const frames = await Promise.all(
        sockets.map((s) =>
          s.waitFor((f) => f.event === event && f.data.action === 'update' && f.data.whatsapp.id === own.connectionId),
        ),
      );
      for (const frame of frames) {
        const text = JSON.stringify(frame);
        for (const secret of [renewed.body.token, renewed.body.widgetKey, own.apiToken, own.webchatToken])
          expect(text).not.toContain(secret);
      }
      expect((await listOf(agent.client)).find((c) => c.id === own.connectionId)).toMatchObject({ token: null, widgetKey: null });
    } finally {
      await Promise.all(sockets.map((s) => s.close()));
    }
  });
});

describe('create', () => {
  it('adds a website chat (201) with a 30-character API token and a widget key of its own whose widget answers at once', async () => {
    const chat = await create(company.admin, {
      name: 'Loja online',
      greetingMessage: 'Olá! Como podemos ajudar?',
      color: '#0f766e',
      queueIds: [company.queueId],
    });
    expect(chat).toMatchObject({
      name: 'Loja online',
      channel: 'webchat',
      status: 'CONNECTED',
      number: null,
      isDefault: false,
      queueIds: [company.queueId],
      greetingMessage: 'Olá! Como podemos ajudar?',
      complationMessage: '',
      outOfHoursMessage: '',
      timeCreateNewTicket: 0,
      color: '#0f766e',
    });
    expect(chat.token).toMatch(/^[A-Za-z0-9_-]{30}$/);
    expect(chat.widgetKey).toMatch(/^[A-Za-z0-9_-]{30}$/);
    expect(chat.widgetKey).not.toBe(chat.token);
    expect(chat.token).not.toBe(company.apiToken);
    const config = await fetch(`${runtime.url}/api/webchat/${chat.widgetKey}`);
    expect(await config.json()).toMatchObject({
      companyName: 'Connections Co',
      color: '#0f766e',
      greeting: 'Olá! Como podemos ajudar?',
    });
    expect((await company.admin.get(`/whatsapp/${chat.id}`)).body).toEqual(chat);
  });

  it("answers 400 with the field path for a bad name ('Too Short!', 'Too Long!', 'Required'), channel, colour or time, and writes nothing", async () => {
    const before = await listOf(company.admin);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ channel: 'webchat' }, { 'body.name': 'Required' }],
      [{ channel: 'webchat', name: ' A ' }, { 'body.name': 'Too Short!' }],
      [{ channel: 'webchat', name: 'x'.repeat(51) }, { 'body.name': 'Too Long!' }],
      [{ channel: 'webchat', name: 'Chat', color: 'blue' }, { 'body.color': 'Invalid colour' }],
    ];
    for (const [body, fields] of cases) {
      const res = await company.admin.post('/whatsapp', body);
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(fieldsOf(res.body)).toEqual(fields);
    }
    // a channel that is not created here (Meta pages come from POST /facebook) or does not exist is refused
    expect(fieldsOf((await company.admin.post('/whatsapp', { channel: 'facebook', name: 'Page' })).body)).toHaveProperty(
      'body.channel',
    );
    expect(fieldsOf((await company.admin.post('/whatsapp', { channel: 'instagram', name: 'Account' })).body)).toHaveProperty(
      'body.channel',
    );
    expect(fieldsOf((await company.admin.post('/whatsapp', { channel: 'telegram', name: 'Bot' })).body)).toHaveProperty(
      'body.channel',
    );
    expect(fieldsOf((await company.admin.post('/whatsapp', { name: 'No channel' })).body)).toHaveProperty('body.channel');
    expect(
      fieldsOf((await company.admin.post('/whatsapp', { channel: 'webchat', name: 'Chat', timeCreateNewTicket: -1 })).body),
    ).toHaveProperty('body.timeCreateNewTicket');
    expect(await listOf(company.admin)).toEqual(before);
  });

  it("refuses queues that are not the company's (400 on body.queueIds)", async () => {
    const other = await signupCompany(runtime, 'Queue Owner Co');
    const before = await listOf(company.admin);
    for (const queueIds of [[other.queueId + 1000], [company.queueId, 987654]]) {
      const res = await company.admin.post('/whatsapp', { channel: 'webchat', name: 'Foreign queue', queueIds });
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(fieldsOf(res.body)).toHaveProperty('body.queueIds');
    }
    expect(await listOf(company.admin)).toEqual(before);
  });

  it('is refused to a user without allowConnections (403) and allowed with it', async () => {
    const agent = await addAgent(runtime, company);
    expect(await agent.client.post('/whatsapp', { channel: 'webchat', name: 'Agent chat' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    const allowed = await addAgent(runtime, company, { allowConnections: 'enabled' });
    const chat = await create(allowed.client, { name: 'Allowed chat' });
    expect(await agent.client.put(`/whatsapp/${chat.id}`, { name: 'Renamed' })).toMatchObject({ status: 403 });
    expect(await agent.client.delete(`/whatsapp/${chat.id}`)).toMatchObject({ status: 403 });
    expect((await allowed.client.put(`/whatsapp/${chat.id}`, { name: 'Renamed' })).body).toMatchObject({ name: 'Renamed' });
    expect((await allowed.client.delete(`/whatsapp/${chat.id}`)).status).toBe(200);
  });

  it("stops at the plan's connection limit with ERR_CONNECTION_LIMIT_REACHED, also under concurrent requests", async () => {
    const own = await signupCompany(runtime, 'Limit Co');
    const limit = await planLimit(own);
    const answers = await Promise.all(
      Array.from({ length: limit + 1 }, (_, i) => own.admin.post('/whatsapp', { channel: 'webchat', name: `Chat ${i}` })),
    );
    const created = answers.filter((a) => a.status === 201).length;
    expect(answers.every((a) => a.status === 201 || a.status === 400)).toBe(true);
    expect((await listOf(own.admin)).length).toBe(1 + created);
    for (let n = 1 + created; n < limit; n++) await create(own.admin, { name: `Chat extra ${n}` });
    const over = await own.admin.post('/whatsapp', { channel: 'webchat', name: 'One too many' });
    expect(over).toMatchObject({
      status: 400,
      body: { error: 'ERR_CONNECTION_LIMIT_REACHED', message: `maximum connections reached: ${limit}` },
    });
    expect((await listOf(own.admin)).length).toBe(limit);
    expect(await defaultsOf(own.admin)).toEqual([own.connectionId]);
  });
});

describe('the default connection', () => {
  it('moves the default flag: exactly one connection is the default, and agents hear of both changes', async () => {
    const own = await signupCompany(runtime, 'Default Co');
    const probe = await SocketProbe.open(runtime.url, `token=${own.admin.token}`);
    try {
      const second = await create(own.admin, { name: 'Second', isDefault: true });
      expect(second.isDefault).toBe(true);
      expect(await defaultsOf(own.admin)).toEqual([second.id]);
      const event = `company-${own.companyId}-whatsapp`;
      await probe.waitFor(
        (f) => f.event === event && f.data.action === 'update' && f.data.whatsapp.id === second.id && f.data.whatsapp.isDefault,
      );
      await probe.waitFor(
        (f) =>
          f.event === event &&
          f.data.action === 'update' &&
          f.data.whatsapp.id === own.connectionId &&
          !f.data.whatsapp.isDefault,
      );

      const back = await own.admin.put(`/whatsapp/${own.connectionId}`, { isDefault: true });
      expect(back).toMatchObject({ status: 200, body: { id: own.connectionId, isDefault: true } });
      expect(await defaultsOf(own.admin)).toEqual([own.connectionId]);
      expect((await own.admin.get(`/whatsapp/${second.id}`)).body.isDefault).toBe(false);
    } finally {
      await probe.close();
    }
  });

  it('refuses to unset the default (ERR_NO_OTHER_WHATSAPP): another connection is made the default instead', async () => {
    const own = await signupCompany(runtime, 'Unset Co');
    expect(await own.admin.put(`/whatsapp/${own.connectionId}`, { isDefault: false })).toMatchObject({
      status: 400,
      body: { error: 'ERR_NO_OTHER_WHATSAPP' },
    });
    await create(own.admin, { name: 'Other' });
    expect(await own.admin.put(`/whatsapp/${own.connectionId}`, { isDefault: false, name: 'Renamed' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_NO_OTHER_WHATSAPP' },
    });
    expect((await own.admin.get(`/whatsapp/${own.connectionId}`)).body).toMatchObject({ isDefault: true, name: 'Chat do site' });
  });

  it('keeps exactly one default when two connections are made the default at the same moment', async () => {
    const own = await signupCompany(runtime, 'Race Co');
    const a = await create(own.admin, { name: 'Chat A' });
    const b = await create(own.admin, { name: 'Chat B' });
    const answers = await Promise.all([a, b].map((c) => own.admin.put(`/whatsapp/${c.id}`, { isDefault: true })));
    expect(answers.some((r) => r.status === 200)).toBe(true);
    const defaults = await defaultsOf(own.admin);
    expect(defaults).toHaveLength(1);
    expect([a.id, b.id]).toContain(defaults[0]);
  });
});

describe('update', () => {
  it('changes only the fields sent; the widget shows the new greeting and colour', async () => {
    const chat = await create(company.admin, { name: 'Editable', complationMessage: 'Tchau!' });
    const res = await company.admin.put(`/whatsapp/${chat.id}`, {
      name: 'Edited',
      greetingMessage: 'Bem-vindo!',
      outOfHoursMessage: 'Voltamos às 8h.',
      color: '#7c3aed',
      timeCreateNewTicket: 30,
      queueIds: [company.queueId, company.queueId],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: chat.id,
      name: 'Edited',
      greetingMessage: 'Bem-vindo!',
      complationMessage: 'Tchau!',
      outOfHoursMessage: 'Voltamos às 8h.',
      color: '#7c3aed',
      timeCreateNewTicket: 30,
      queueIds: [company.queueId],
      token: chat.token,
      isDefault: false,
    });
    expect((await company.admin.get(`/whatsapp/${chat.id}`)).body).toEqual(res.body);
    expect(await (await fetch(`${runtime.url}/api/webchat/${chat.widgetKey}`)).json()).toMatchObject({
      greeting: 'Bem-vindo!',
      color: '#7c3aed',
    });

    expect(fieldsOf((await company.admin.put(`/whatsapp/${chat.id}`, { name: 'E' })).body)).toEqual({
      'body.name': 'Too Short!',
    });
    expect(fieldsOf((await company.admin.put(`/whatsapp/${chat.id}`, { queueIds: [424242] })).body)).toHaveProperty(
      'body.queueIds',
    );
    expect(fieldsOf((await company.admin.put(`/whatsapp/${chat.id}`, { regenerateToken: false })).body)).toHaveProperty(
      'body.regenerateToken',
    );
    expect(fieldsOf((await company.admin.put(`/whatsapp/${chat.id}`, { regenerateWidgetKey: 'yes' })).body)).toHaveProperty(
      'body.regenerateWidgetKey',
    );
    expect((await company.admin.get(`/whatsapp/${chat.id}`)).body).toEqual(res.body);
  });

  it('regenerates the widget key: the new one (30 characters) works, the old one stops within the widget cache, visitors included', async () => {
    const chat = await create(company.admin, { name: 'Re-keyed' });
    const visitor = await new Visitor(runtime, chat.widgetKey!).start('Visitante Antigo');
    const res = await company.admin.put(`/whatsapp/${chat.id}`, { regenerateWidgetKey: true });
    expect(res.status).toBe(200);
    const fresh = res.body as Conn;
    expect(fresh.widgetKey).toMatch(/^[A-Za-z0-9_-]{30}$/);
    expect(fresh.widgetKey).not.toBe(chat.widgetKey);
    expect(fresh).toMatchObject({ name: 'Re-keyed', token: chat.token, updatedAt: expect.any(String) });
    // at once in the function that changed it; another instance answers from what it read for up to LOOKUP_CACHE_MS
    const gone = await until(
      () => widgetStatus(chat.widgetKey!),
      (s) => s === 404,
    );
    expect(gone).toBe(404);
    expect(await widgetStatus(fresh.widgetKey!)).toBe(200);
    expect((await visitor.api().post(`/webchat/${chat.widgetKey}/messages`, { body: 'still there?' })).status).toBe(404);
    await new Visitor(runtime, fresh.widgetKey!).start('Visitante Novo').then((v) => v.say('Olá pelo novo endereço'));
  });

  it('regenerates the API token without touching the widget, and refuses a widget key on a connection without a widget', async () => {
    const own = await signupCompany(runtime, 'Api Token Co');
    const chat = await create(own.admin, { name: 'New API token' });
    const res = await own.admin.put(`/whatsapp/${chat.id}`, { regenerateToken: true });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{30}$/);
    expect(res.body).toMatchObject({ widgetKey: chat.widgetKey, token: expect.not.stringContaining(chat.token!) });
    expect(await widgetStatus(chat.widgetKey!)).toBe(200);

    const session = await own.admin.post('/whatsapp', { channel: 'whatsapp', name: 'Número' });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    expect(session.body).toMatchObject({ widgetKey: null, token: expect.stringMatching(/^[A-Za-z0-9_-]{30}$/) });
    const refused = await own.admin.put(`/whatsapp/${session.body.id}`, { regenerateWidgetKey: true, name: 'Renamed' });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fieldsOf(refused.body)).toEqual({ 'body.regenerateWidgetKey': 'Only a web chat has a widget key' });
    expect((await own.admin.get(`/whatsapp/${session.body.id}`)).body).toMatchObject({
      name: 'Número',
      widgetKey: null,
      token: session.body.token,
    });
  });
});

describe('delete', () => {
  it('deletes a web chat: its widget stops answering and agents hear of it', async () => {
    const chat = await create(company.admin, { name: 'Short-lived' });
    const probe = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
    try {
      expect(await company.admin.delete(`/whatsapp/${chat.id}`)).toMatchObject({ status: 200, body: { ok: true } });
      await probe.waitFor(
        (f) => f.event === `company-${company.companyId}-whatsapp` && f.data.action === 'delete' && f.data.whatsappId === chat.id,
      );
    } finally {
      await probe.close();
    }
    expect(await widgetStatus(chat.widgetKey!)).toBe(404);
    expect((await company.admin.post(`/webchat/${chat.widgetKey}/visitors`, { name: 'Late visitor' })).status).toBe(404);
    expect(await company.admin.get(`/whatsapp/${chat.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect((await company.admin.delete(`/whatsapp/${chat.id}`)).status).toBe(404);
    expect((await listOf(company.admin)).map((c) => c.id)).not.toContain(chat.id);
  });

  it('refuses to delete the default while other connections exist (ERR_NO_OTHER_WHATSAPP), but not the only one', async () => {
    const own = await signupCompany(runtime, 'Delete Default Co');
    const other = await create(own.admin, { name: 'Other' });
    expect(await own.admin.delete(`/whatsapp/${own.connectionId}`)).toMatchObject({
      status: 400,
      body: { error: 'ERR_NO_OTHER_WHATSAPP' },
    });
    expect(await widgetStatus(own.webchatToken)).toBe(200);
    expect((await own.admin.put(`/whatsapp/${other.id}`, { isDefault: true })).status).toBe(200);
    expect((await own.admin.delete(`/whatsapp/${own.connectionId}`)).status).toBe(200);
    expect(await own.admin.delete(`/whatsapp/${other.id}`)).toMatchObject({ status: 200 });
    expect(await listOf(own.admin)).toEqual([]);
    // with no connection left, the next one is the default whatever was asked
    expect((await create(own.admin, { name: 'Fresh start', isDefault: false })).isDefault).toBe(true);
  });
});

describe('tenancy', () => {
  it("answers 404 for another company's connection and changes nothing", async () => {
    const own = await signupCompany(runtime, 'Own Tenancy Co');
    const stranger = await signupCompany(runtime, 'Stranger Connections Co');
    // ids are numbered per company: the stranger's second connection has an id this company does not have
    const theirs = await create(stranger.admin, { name: 'Not yours', isDefault: true });
    expect((await listOf(own.admin)).map((c) => c.id)).not.toContain(theirs.id);
    for (const res of [
      await own.admin.get(`/whatsapp/${theirs.id}`),
      await own.admin.put(`/whatsapp/${theirs.id}`, { name: 'Taken over', regenerateToken: true }),
      await own.admin.put(`/whatsapp/${theirs.id}`, { regenerateWidgetKey: true }),
      await own.admin.put(`/whatsapp/${theirs.id}`, { isDefault: false }),
      await own.admin.delete(`/whatsapp/${theirs.id}`),
    ]) {
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    }
    expect((await stranger.admin.get(`/whatsapp/${theirs.id}`)).body).toEqual(theirs);
    expect(await widgetStatus(theirs.widgetKey!)).toBe(200);
  });
});
