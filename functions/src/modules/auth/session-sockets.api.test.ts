/**
 * A session that ends takes its sockets with it: after logout, a login elsewhere, a password reset or a password
 * set by an admin, the session's WebSocket is closed and a customer's next message does not reach it. A socket
 * keeps no rights its user lost either: a change of what the user may see closes it, and the socket the browser
 * opens next carries the new rights.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiClient, mailedLink, SocketProbe, startApi } from '../../../../test/api.ts';
import { addQueue, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { addAgent } from '../../../../test/inbox.ts';

let runtime: Runtime;
let company: TestCompany;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Sessões');
});
afterAll(async () => {
  await runtime?.stop();
});

const closed = (probe: SocketProbe, timeoutMs = 5000) =>
  new Promise<void>((resolve, reject) => {
    if (probe.ws.readyState === WebSocket.CLOSED) return resolve();
    const timer = setTimeout(() => reject(new Error('the socket stayed open')), timeoutMs);
    probe.ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const appMessages = (probe: SocketProbe) =>
  probe.frames.filter((f) => f.event === `company-${company.companyId}-appMessage`).length;

/** An agent of the company with an open socket that receives the customers' messages. */
const agentWithSocket = async () => {
  const agent = await addAgent(runtime, company, { allTicket: 'enable' } as never);
  const socket = await SocketProbe.open(runtime.url, `token=${agent.client.token}`);
  const visitor = await new Visitor(runtime, company.webchatToken).start(`Cliente ${agent.id}`);
  await visitor.say('primeira');
  await socket.waitFor((f) => f.event === `company-${company.companyId}-appMessage`);
  return { agent, socket, visitor };
};

const expectCutOff = async (socket: SocketProbe, visitor: Visitor) => {
  await closed(socket);
  const before = appMessages(socket);
  await visitor.say('depois do fim da sessão');
  expect(appMessages(socket)).toBe(before);
};

describe('sockets of an ended session', () => {
  it('are closed on logout', async () => {
    const { agent, socket, visitor } = await agentWithSocket();
    expect((await agent.client.delete('/auth/logout')).status).toBe(200);
    await expectCutOff(socket, visitor);
  });

  it('are closed when a login from another browser replaces the session, after it is told', async () => {
    const email = `owner-replaced${Date.now()}@example.com`;
    const created = await company.admin.post('/users', {
      name: 'Vera Troca',
      email,
      password: 'pass-12345',
      queueIds: [company.queueId],
    });
    expect(created.status).toBe(201);
    const first = new ApiClient(runtime.url);
    expect((await first.login(email, 'pass-12345')).status).toBe(200);
    const socket = await SocketProbe.open(runtime.url, `token=${first.token}`);
    const visitor = await new Visitor(runtime, company.webchatToken).start('Cliente Troca');

    expect((await new ApiClient(runtime.url).login(email, 'pass-12345')).status).toBe(200);
    const told = await socket.waitFor((f) => f.event === `company-${company.companyId}-auth`);
    expect(told.data).toMatchObject({ action: 'sessionReplaced' });
    await expectCutOff(socket, visitor);
  });

  it('are closed by a password reset', async () => {
    const email = `owner-reset${Date.now()}@example.com`;
    expect(
      (await company.admin.post('/users', { name: 'Rita Reset', email, password: 'pass-12345', queueIds: [company.queueId] }))
        .status,
    ).toBe(201);
    const agent = new ApiClient(runtime.url);
    expect((await agent.login(email, 'pass-12345')).status).toBe(200);
    const socket = await SocketProbe.open(runtime.url, `token=${agent.token}`);
    const visitor = await new Visitor(runtime, company.webchatToken).start('Cliente Reset');

    expect((await new ApiClient(runtime.url).post(`/forgetpassword/${encodeURIComponent(email)}`)).body).toEqual({ status: 200 });
    const token = mailedLink(email).searchParams.get('token')!;
    expect(
      (await new ApiClient(runtime.url).post('/resetpasswords', { email, token, newPassword: 'brand-new-pass' })).status,
    ).toBe(200);
    await expectCutOff(socket, visitor);
    // and the socket cannot come back with the old token
    await expect(SocketProbe.open(runtime.url, `token=${agent.token}`)).rejects.toThrow(/refused with 401/);
  });
});

/** Users added by a test, removed after it: the company's plan allows ten. */
let added: number[] = [];
afterEach(async () => {
  for (const id of added) await company.admin.delete(`/users/${id}`);
  added = [];
});

/** A user the company's admin adds through the users page, signed in with an open socket. */
const userWithSocket = async (fields: Record<string, unknown>) => {
  const email = `user${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  const created = await company.admin.post('/users', { name: 'Ana Direitos', email, password: 'pass-12345', ...fields });
  expect(created.status).toBe(201);
  added.push(created.body.id);
  const client = new ApiClient(runtime.url);
  expect((await client.login(email, 'pass-12345')).status).toBe(200);
  const socket = await SocketProbe.open(runtime.url, `token=${client.token}`);
  return { id: created.body.id as number, email, client, socket };
};

/**
 * Waits until `socket` has received every frame published so far: a change of another user is told to every agent,
 * and one socket's frames arrive in order, so whatever was published before it has arrived once it has.
 */
const settled = async (socket: SocketProbe) => {
  const stamp = `marca ${Date.now()}${Math.random()}`;
  expect((await company.admin.put(`/users/${company.adminId}`, { farewellMessage: stamp })).status).toBe(200);
  await socket.waitFor((f) => f.event === `company-${company.companyId}-user` && f.data.user?.farewellMessage === stamp);
};

describe('sockets of a user whose rights change', () => {
  it('are closed when an admin is made a user with no queues, and the next socket receives what the new rights allow', async () => {
    const demoted = await userWithSocket({ profile: 'admin', queueIds: [company.queueId] });
    const visitor = await new Visitor(runtime, company.webchatToken).start('Cliente Rebaixamento');
    await visitor.say('antes da mudança');
    await demoted.socket.waitFor((f) => f.event === `company-${company.companyId}-appMessage`);

    expect((await company.admin.put(`/users/${demoted.id}`, { profile: 'user', queueIds: [] })).status).toBe(200);
    await expectCutOff(demoted.socket, visitor);

    // the browser reconnects with its access token: the new socket is authorised with the rights as they are now
    const again = await SocketProbe.open(runtime.url, `token=${demoted.client.token}`);
    await visitor.say('depois da reconexão');
    await settled(again);
    expect(appMessages(again)).toBe(0);
    await again.close();
  });

  it('stay open when a change leaves what the user may see as it was', async () => {
    const agent = await userWithSocket({ queueIds: [company.queueId], allTicket: 'enable' });
    expect(
      (
        await company.admin.put(`/users/${agent.id}`, {
          farewellMessage: 'Até logo',
          queueIds: [company.queueId],
          allTicket: 'enable',
        })
      ).status,
    ).toBe(200);
    const visitor = await new Visitor(runtime, company.webchatToken).start('Cliente Sem Mudança');
    await visitor.say('olá');
    await agent.socket.waitFor((f) => f.event === `company-${company.companyId}-appMessage` && f.data.message?.body === 'olá');
    expect(agent.socket.ws.readyState).toBe(WebSocket.OPEN);
    await agent.socket.close();
  });

  it("are closed when the company's allUserChat setting changes what its agents see", async () => {
    const agent = await userWithSocket({ queueIds: [company.queueId] });
    expect((await company.admin.put('/settings/allUserChat', { value: 'enabled' })).status).toBe(200);
    await closed(agent.socket);
    expect((await company.admin.put('/settings/allUserChat', { value: 'disabled' })).status).toBe(200);
  });

  it('are closed when a queue of theirs is deleted', async () => {
    const queue = await addQueue(company.admin, {
      name: `Fila Removida ${Date.now()}`,
      color: '#0a7b83',
      greetingMessage: 'Olá',
    });
    const agent = await userWithSocket({ queueIds: [queue.body.id] });
    const bystander = await userWithSocket({ queueIds: [company.queueId] });
    expect((await company.admin.delete(`/queue/${queue.body.id}`)).status).toBe(200);
    await closed(agent.socket);
    await settled(bystander.socket);
    expect(bystander.socket.ws.readyState).toBe(WebSocket.OPEN);
    await bystander.socket.close();
  });
});

describe('a password change', () => {
  it("made by an admin ends the user's session: the access token, the refresh cookie and the socket stop at once", async () => {
    const agent = await userWithSocket({ queueIds: [company.queueId], allTicket: 'enable' });
    const visitor = await new Visitor(runtime, company.webchatToken).start('Cliente Senha');
    expect((await company.admin.put(`/users/${agent.id}`, { password: 'chosen-by-admin' })).status).toBe(200);

    expect((await agent.client.get('/auth/me')).status).toBe(401);
    expect((await agent.client.post('/auth/refresh_token')).status).toBe(401);
    await expectCutOff(agent.socket, visitor);
    await expect(SocketProbe.open(runtime.url, `token=${agent.client.token}`)).rejects.toThrow(/refused with 401/);
    // the new password opens a new session
    expect((await new ApiClient(runtime.url).login(agent.email, 'chosen-by-admin')).status).toBe(200);
  });

  it('made by the users themselves keeps the session they made it from', async () => {
    const agent = await userWithSocket({ queueIds: [company.queueId], allTicket: 'enable' });
    expect((await agent.client.put(`/users/${agent.id}`, { password: 'my-own-choice' })).status).toBe(200);

    expect((await agent.client.get('/auth/me')).status).toBe(200);
    const refreshed = await agent.client.post('/auth/refresh_token');
    expect(refreshed.status).toBe(200);
    agent.client.token = refreshed.body.token;
    expect((await agent.client.get('/auth/me')).status).toBe(200);
    const visitor = await new Visitor(runtime, company.webchatToken).start('Cliente Própria Senha');
    await visitor.say('ainda conectado?');
    await agent.socket.waitFor(
      (f) => f.event === `company-${company.companyId}-appMessage` && f.data.message?.body === 'ainda conectado?',
    );
    expect(agent.socket.ws.readyState).toBe(WebSocket.OPEN);
    await agent.socket.close();
    expect((await new ApiClient(runtime.url).login(agent.email, 'my-own-choice')).status).toBe(200);
  });
});
