/**
 * A session that ends takes its sockets with it: after logout, a login elsewhere, or a password reset, the
 * session's WebSocket is closed and a customer's next message does not reach it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiClient, SocketProbe, startApi } from '../../../../test/api.ts';
import { signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
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

const appMessages = (probe: SocketProbe) => probe.frames.filter((f) => f.event === `company-${company.companyId}-appMessage`).length;

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
    const created = await company.admin.post('/users', { name: 'Vera Troca', email, password: 'pass-12345', queueIds: [company.queueId] });
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
    expect((await company.admin.post('/users', { name: 'Rita Reset', email, password: 'pass-12345', queueIds: [company.queueId] })).status).toBe(201);
    const agent = new ApiClient(runtime.url);
    expect((await agent.login(email, 'pass-12345')).status).toBe(200);
    const socket = await SocketProbe.open(runtime.url, `token=${agent.token}`);
    const visitor = await new Visitor(runtime, company.webchatToken).start('Cliente Reset');

    expect((await new ApiClient(runtime.url).post(`/forgetpassword/${encodeURIComponent(email)}`)).body).toEqual({ status: 200 });
    const outbox = join(process.env.DATA_DIR!, 'outbox');
    const mail = readdirSync(outbox).filter((f) => f.includes(email)).map((f) => readFileSync(join(outbox, f), 'utf8'))[0]!;
    const token = new URL(/https?:\/\/\S+/.exec(mail)![0]).searchParams.get('token')!;
    expect((await new ApiClient(runtime.url).post('/resetpasswords', { email, token, newPassword: 'brand-new-pass' })).status).toBe(200);
    await expectCutOff(socket, visitor);
    // and the socket cannot come back with the old token
    await expect(SocketProbe.open(runtime.url, `token=${agent.token}`)).rejects.toThrow(/refused with 401/);
  });
});
