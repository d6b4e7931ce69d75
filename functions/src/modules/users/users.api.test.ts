import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, SocketProbe, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { newUserDefaults } from '@switchboard/shared/contracts/users';
import { config } from '../../platform/config.ts';
import { updateCompanySettings } from '../tenancy/company-records.service.ts';
import { createQueue } from '../queues/queues.service.ts';

let runtime: Runtime;
let company: TestCompany;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Users Co');
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

let serial = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++serial}@example.com`;

describe('users', () => {
  it('lets an admin add an agent to the company, who can sign in with the new-user defaults', async () => {
    const res = await company.admin.post('/users', {
      name: 'Nova Agente',
      email: 'nova@example.com',
      password: 'pass-12345',
      queueIds: [company.queueId],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Nova Agente',
      profile: 'user',
      queueIds: [company.queueId],
      allTicket: 'disable',
      startWork: '00:00',
      endWork: '23:59',
      userClosePendingTicket: 'enabled',
      defaultTheme: 'light',
      defaultMenu: 'open',
    });
    const agent = new ApiClient(runtime.url);
    const login = await agent.login('nova@example.com', 'pass-12345');
    expect(login.body.user.companyId).toBe(company.companyId);
    const search = await company.admin.get('/users?searchParam=NOVA');
    expect(search.body.users.map((u: { name: string }) => u.name)).toEqual(['Nova Agente']);
  });

  it('validates the form, refuses taken e-mails and unknown queues, and is for admins only', async () => {
    const bad = await company.admin.post('/users', { name: 'N', email: 'nope', password: '1' });
    expect(bad.status).toBe(400);
    expect(Object.fromEntries(bad.body.fields.map((f: { path: string; message: string }) => [f.path, f.message]))).toEqual({
      'body.name': 'Too Short!',
      'body.email': 'Invalid email',
      'body.password': 'At least 8 characters',
    });
    expect(
      (await company.admin.post('/users', { name: 'Dup', email: 'nova@example.com', password: 'pass-12345' })).body.error,
    ).toBe('ERR_DUPLICATED_EMAIL');
    const unknownQueue = await company.admin.post('/users', {
      name: 'Fila X',
      email: 'filax@example.com',
      password: 'pass-12345',
      queueIds: [999],
    });
    expect(unknownQueue).toMatchObject({ status: 400, body: { fields: [{ path: 'body.queueIds' }] } });
    const agent = await addAgent(runtime, company);
    expect(
      (await agent.client.post('/users', { name: 'Intruso', email: 'intruso@example.com', password: 'pass-12345' })).status,
    ).toBe(403);
  });

  it('keeps the ticket pane width per user between 404 and 700 px, for the user themself only', async () => {
    const agent = await addAgent(runtime, company);
    expect((await agent.client.put(`/users/toggleChangeWidht/${agent.id}`, { defaultTicketsManagerWidth: 620 })).status).toBe(
      200,
    );
    expect((await agent.client.get('/auth/me')).body.defaultTicketsManagerWidth).toBe(620);
    for (const width of [403, 701]) {
      const bad = await agent.client.put(`/users/toggleChangeWidht/${agent.id}`, { defaultTicketsManagerWidth: width });
      expect(bad).toMatchObject({ status: 400, body: { fields: [{ path: 'body.defaultTicketsManagerWidth' }] } });
    }
    expect(
      (await agent.client.put(`/users/toggleChangeWidht/${company.adminId}`, { defaultTicketsManagerWidth: 500 })).status,
    ).toBe(404);
  });

  it("stops at the plan's user limit", async () => {
    const own = await signupCompany(runtime, 'Limit Co');
    const limit = (await own.admin.get(`/companies/listPlan/${own.companyId}`)).body.plan.users as number;
    for (let i = 1; i < limit; i++) {
      expect(
        (
          await own.admin.post('/users', {
            name: `Agente ${i}`,
            email: `limit${i}-${own.companyId}@example.com`,
            password: 'pass-12345',
          })
        ).status,
      ).toBe(201);
    }
    const over = await own.admin.post('/users', {
      name: 'Um a mais',
      email: `over-${own.companyId}@example.com`,
      password: 'pass-12345',
    });
    expect(over).toMatchObject({
      status: 400,
      body: { error: 'ERR_USER_LIMIT_REACHED', message: `maximum users reached: ${limit}` },
    });
  });

  it('holds the user limit when additions arrive at once', async () => {
    const own = await signupCompany(runtime, 'Race Users Co');
    const limit = (await own.admin.get(`/companies/listPlan/${own.companyId}`)).body.plan.users as number;
    for (let i = 2; i < limit; i++) {
      expect(
        (
          await own.admin.post('/users', {
            name: `Agente ${i}`,
            email: `race${i}-${own.companyId}@example.com`,
            password: 'pass-12345',
          })
        ).status,
      ).toBe(201);
    }
    // one place left, four at once
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        own.admin.post('/users', {
          name: `Corrida ${i}`,
          email: `corrida${i}-${own.companyId}@example.com`,
          password: 'pass-12345',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r.body.error).toMatch(/ERR_USER_LIMIT_REACHED|ERR_VALIDATION/);
    expect((await own.admin.get('/users/list')).body).toHaveLength(limit);
  });

  it('creates a user with every field of the dialog, shows it, and lists it for pickers', async () => {
    const own = await signupCompany(runtime);
    const email = uniqueEmail('completa');
    // every field of the dialog, as sent and as shown back
    const fields = {
      name: 'Completa Silva',
      profile: 'admin',
      startWork: '08:00',
      endWork: '18:10',
      farewellMessage: 'Tchau!',
      whatsappId: own.connectionId,
      queueIds: [own.queueId],
      allTicket: 'enable',
      allowGroup: true,
      defaultTheme: 'dark',
      defaultMenu: 'closed',
      allHistoric: 'enabled',
      allUserChat: 'enabled',
      userClosePendingTicket: 'disabled',
      showDashboard: 'enabled',
      allowRealTime: 'enabled',
      allowConnections: 'enabled',
    };
    const res = await own.admin.post('/users', { ...fields, email: email.toUpperCase(), password: 'pass-12345' });
    expect(res.status).toBe(201);
    const expected = { ...fields, email, super: false };
    expect(res.body).toMatchObject(expected);
    expect(res.body).not.toHaveProperty('passwordHash');
    expect((await own.admin.get(`/users/${res.body.id}`)).body).toMatchObject(expected);
    const picker = await own.admin.get('/users/list');
    expect(picker.status).toBe(200);
    expect(picker.body).toContainEqual({ id: res.body.id, name: 'Completa Silva', profile: 'admin', queueIds: [own.queueId] });
  });

  it('fills in the new-user defaults of every field left out', async () => {
    const own = await signupCompany(runtime);
    const res = await own.admin.post('/users', { name: 'Padrão', email: uniqueEmail('padrao'), password: 'pass-12345' });
    expect(res.body).toMatchObject(newUserDefaults);
  });

  it("refuses another company's queues and connection, bad hours, and answers 404 for another company's user", async () => {
    const other = await signupCompany(runtime, 'Other Users Co');
    // ids are numbered per company: these two exist in the other company only
    const otherQueue0 = await createQueue(other.companyId, { name: 'Fila de Outra', color: '#123456' });
    const otherConn = await other.admin.post('/whatsapp', { channel: 'webchat', name: 'Chat de Outra' });
    expect(otherConn.status).toBe(201);
    other.queueId = otherQueue0.id;
    other.connectionId = otherConn.body.id;
    const otherQueue = await company.admin.post('/users', {
      name: 'Fila Alheia',
      email: uniqueEmail('fa'),
      password: 'pass-12345',
      queueIds: [other.queueId],
    });
    expect(otherQueue).toMatchObject({ status: 400, body: { fields: [{ path: 'body.queueIds' }] } });
    const otherConnection = await company.admin.post('/users', {
      name: 'Conexão Alheia',
      email: uniqueEmail('ca'),
      password: 'pass-12345',
      whatsappId: other.connectionId,
    });
    expect(otherConnection).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    const badHours = await company.admin.post('/users', {
      name: 'Horas',
      email: uniqueEmail('h'),
      password: 'pass-12345',
      startWork: '25:00',
    });
    expect(badHours).toMatchObject({ status: 400, body: { fields: [{ path: 'body.startWork' }] } });
    const badLimit = await company.admin.post('/users', {
      name: 'Limite',
      email: uniqueEmail('l'),
      password: 'pass-12345',
      maxOpenTickets: -1,
    });
    expect(badLimit).toMatchObject({ status: 400, body: { fields: [{ path: 'body.maxOpenTickets', message: 'Mínimo 0' }] } });
    const limited = await company.admin.post('/users', {
      name: 'Limitada',
      email: uniqueEmail('lm'),
      password: 'pass-12345',
      maxOpenTickets: 5,
    });
    expect(limited).toMatchObject({ status: 201, body: { maxOpenTickets: 5 } });
    const agent = await addAgent(runtime, company);
    expect((await company.admin.put(`/users/${agent.id}`, { queueIds: [other.queueId] })).status).toBe(400);
    expect((await company.admin.put(`/users/${agent.id}`, { whatsappId: other.connectionId })).status).toBe(404);
    expect((await other.admin.get(`/users/${agent.id}`)).status).toBe(404);
    expect((await other.admin.put(`/users/${agent.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await other.admin.delete(`/users/${agent.id}`)).status).toBe(404);
    expect((await company.admin.get(`/users/${agent.id}`)).body.name).toBe(agent.name);
    expect((await other.admin.get('/users/list')).body.map((u: { id: number }) => u.id)).not.toContain(agent.id);
  });

  it('lets an admin edit every field, including the e-mail the user then signs in with', async () => {
    const agent = await addAgent(runtime, company);
    const email = uniqueEmail('renamed');
    const res = await company.admin.put(`/users/${agent.id}`, {
      name: 'Renomeada',
      email,
      password: 'new-pass-123',
      startWork: '00:10',
      endWork: '23:50',
      queueIds: [],
      allTicket: 'enable',
      showDashboard: 'enabled',
      whatsappId: company.connectionId,
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        name: 'Renomeada',
        email,
        startWork: '00:10',
        queueIds: [],
        allTicket: 'enable',
        showDashboard: 'enabled',
        whatsappId: company.connectionId,
      },
    });
    // signed in within the new hours (00:10 to 23:50), whatever the time the test runs at
    const noon = new Date();
    noon.setUTCHours(12, 0, 0, 0);
    runtime.setClock({ at: noon.getTime() });
    expect((await new ApiClient(runtime.url).login(email, 'new-pass-123')).status).toBe(200);
    runtime.setClock(undefined);
    const taken = await company.admin.put(`/users/${agent.id}`, {
      email: (await company.admin.get(`/users/${company.adminId}`)).body.email,
    });
    expect(taken).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } });
    expect((await company.admin.put(`/users/${agent.id}`, { companyId: 99 })).status).toBe(400);
  });

  it('keeps admin-only fields from a user editing themselves, and other users from them', async () => {
    const agent = await addAgent(runtime, company);
    const own = await agent.client.put(`/users/${agent.id}`, {
      name: 'Meu Nome',
      farewellMessage: 'Até logo',
      defaultTheme: 'dark',
    });
    expect(own).toMatchObject({ status: 200, body: { name: 'Meu Nome', farewellMessage: 'Até logo', defaultTheme: 'dark' } });
    for (const escalation of [
      { profile: 'admin' },
      { queueIds: [] },
      { startWork: '00:00' },
      { endWork: '23:59' },
      { whatsappId: null },
      { allTicket: 'enable' },
      { allowConnections: 'enabled' },
      { allowGroup: true },
    ]) {
      const refused = await agent.client.put(`/users/${agent.id}`, escalation);
      expect(refused, JSON.stringify(escalation)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect((await agent.client.get('/auth/me')).body).toMatchObject({
      profile: 'user',
      queueIds: [company.queueId],
      allTicket: 'disable',
    });
    expect((await agent.client.put(`/users/${company.adminId}`, { name: 'Golpe' })).status).toBe(403);
    expect((await agent.client.delete(`/users/${company.adminId}`)).status).toBe(403);
    expect(
      (await agent.client.post(`/users/${company.adminId}/media-upload`, { name: 'a.png', mimeType: 'image/png', size: 10 }))
        .status,
    ).toBe(403);
  });

  it("keeps the company's last admin and refuses an admin deleting themselves", async () => {
    const own = await signupCompany(runtime, 'Admins Co');
    const demote = await own.admin.put(`/users/${own.adminId}`, { profile: 'user' });
    expect(demote).toMatchObject({ status: 400, body: { error: 'ERR_LAST_ADMIN' } });
    expect((await own.admin.delete(`/users/${own.adminId}`)).body.error).toBe('ERR_DELETE_SELF');
    const second = await own.admin.post('/users', {
      name: 'Segunda Admin',
      email: uniqueEmail('admin2'),
      password: 'pass-12345',
      profile: 'admin',
    });
    expect((await own.admin.put(`/users/${own.adminId}`, { profile: 'user' })).body.profile).toBe('user');
    const secondClient = new ApiClient(runtime.url);
    await secondClient.login(second.body.email, 'pass-12345');
    expect((await secondClient.put(`/users/${second.body.id}`, { profile: 'user' })).body.error).toBe('ERR_LAST_ADMIN');
  });

  it('deletes a user: their open tickets go back to their queue as pending, their session ends, others are told', async () => {
    const agent = await addAgent(runtime, company, {}, 'Saindo Agora');
    const watcher = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
    const visitor = await new Visitor(runtime, company.webchatToken).start('Cliente Órfão');
    await visitor.say('alguém aí?');
    const pending = (await agent.client.get('/tickets?status=pending')).body.tickets.find(
      (t: { contact: { name: string } }) => t.contact.name === 'Cliente Órfão',
    );
    expect((await agent.client.put(`/tickets/${pending.id}`, { status: 'open', userId: agent.id })).body).toMatchObject({
      status: 'open',
      userId: agent.id,
    });

    expect((await company.admin.delete(`/users/${agent.id}`)).body).toEqual({ ok: true });
    const ticket = (await company.admin.get(`/tickets/${pending.id}`)).body;
    expect(ticket).toMatchObject({ status: 'pending', userId: null, queueId: company.queueId });
    const live = await watcher.waitFor((f) => f.event === `company-${company.companyId}-user` && f.data.action === 'delete');
    expect(live.data).toEqual({ action: 'delete', userId: agent.id });
    await watcher.close();
    expect((await agent.client.get('/auth/me')).status).toBe(401);
    expect((await agent.client.post('/auth/refresh_token')).status).toBe(401);
    expect((await company.admin.get(`/users/${agent.id}`)).status).toBe(404);
    expect((await company.admin.delete(`/users/${agent.id}`)).status).toBe(404);
  });

  it('announces a created user to the company agents', async () => {
    const own = await signupCompany(runtime);
    const agent = await addAgent(runtime, own);
    const socket = await SocketProbe.open(runtime.url, `token=${agent.client.token}`);
    const created = await own.admin.post('/users', { name: 'Anunciada', email: uniqueEmail('anuncio'), password: 'pass-12345' });
    expect(created.status).toBe(201);
    const frame = await socket.waitFor((f) => f.event === `company-${own.companyId}-user` && f.data.action === 'create');
    expect(frame.data.user).toMatchObject({ id: created.body.id, name: 'Anunciada' });
    expect(frame.data.user).not.toHaveProperty('passwordHash');
    await socket.close();
  });

  it('refuses new users while the company setting userCreation is disabled', async () => {
    const own = await signupCompany(runtime, 'Closed Co');
    await updateCompanySettings(own.companyId, { userCreation: 'disabled' } as never);
    const refused = await own.admin.post('/users', { name: 'Barrada', email: uniqueEmail('barrada'), password: 'pass-12345' });
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
    await updateCompanySettings(own.companyId, { userCreation: 'enabled' } as never);
    expect(
      (await own.admin.post('/users', { name: 'Liberada', email: uniqueEmail('liberada'), password: 'pass-12345' })).status,
    ).toBe(201);
  });

  it("refuses an agent's sign-in outside their working hours (in TIME_ZONE), not an admin's", async () => {
    const own = await signupCompany(runtime);
    // a clock held still in the middle of the current minute (tokens issued now stay valid)
    const fixed = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
    runtime.setClock({ at: fixed.getTime() });
    const hhmm = (offsetMinutes: number) =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
        timeZone: config().TIME_ZONE,
      }).format(new Date(fixed.getTime() + offsetMinutes * 60_000));
    const email = uniqueEmail('turno');
    const created = await own.admin.post('/users', {
      name: 'Turno Tarde',
      email,
      password: 'pass-12345',
      startWork: hhmm(60),
      endWork: hhmm(120),
    });
    expect(created.body).toMatchObject({ id: expect.any(Number) });
    expect(await new ApiClient(runtime.url).login(email, 'pass-12345')).toMatchObject({
      status: 401,
      body: { error: 'ERR_OUT_OF_HOURS' },
    });
    // a wrong password still answers as a wrong password, whatever the hour
    expect((await new ApiClient(runtime.url).login(email, 'wrong-pass-1')).body.error).toBe('ERR_INVALID_CREDENTIALS');
    await own.admin.put(`/users/${created.body.id}`, { startWork: hhmm(-10), endWork: hhmm(10) });
    expect((await new ApiClient(runtime.url).login(email, 'pass-12345')).status).toBe(200);
    const adminEmail = uniqueEmail('admin-turno');
    await own.admin.post('/users', {
      name: 'Admin Noturna',
      email: adminEmail,
      password: 'pass-12345',
      profile: 'admin',
      startWork: hhmm(60),
      endWork: hhmm(120),
    });
    expect((await new ApiClient(runtime.url).login(adminEmail, 'pass-12345')).status).toBe(200);
  });

  it('takes a picture of an allowed image type and serves it as an image that cannot run', async () => {
    const agent = await addAgent(runtime, company);
    for (const bad of [
      { name: 'x.svg', mimeType: 'image/svg+xml', size: 10 },
      { name: 'x.html', mimeType: 'image/png', size: 10 },
      { name: 'x.pdf', mimeType: 'application/pdf', size: 10 },
      { name: 'x.png', mimeType: 'image/png', size: 6 * 1024 * 1024 },
    ]) {
      expect((await company.admin.post(`/users/${agent.id}/media-upload`, bad)).status, bad.name).toBe(400);
    }
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d4b3ff0000000049454e44ae426082',
      'hex',
    );
    const own = await agent.client.post(`/users/${agent.id}/media-upload`, {
      name: 'eu.png',
      mimeType: 'image/png',
      size: png.length,
    });
    expect(own.status).toBe(200);
    const put = await fetch(own.body.uploadUrl, { method: 'PUT', headers: own.body.headers, body: png });
    expect(put.status).toBeLessThan(300);
    const shown = (await company.admin.get(`/users/${agent.id}`)).body.profileImage as string;
    expect(shown).toMatch(/^\/media\//);
    const served = await fetch(`${runtime.url}${shown}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe('sandbox');
  });
});
