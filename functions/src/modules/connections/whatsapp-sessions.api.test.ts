/**
 * WhatsApp sessions over the API, with the connector running in the local runtime on scripted Baileys sockets:
 * creating a connection starts its session, the QR code and CONNECTED reach the agents live, the session commands
 * and the health panel, another company's session is not found, and the plan gates new WhatsApp connections.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from '@switchboard/shared/contracts/connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisconnectReason } from '@whiskeysockets/baileys';
import { type ApiClient, signInSuperUser, SocketProbe, startApi } from '../../../../test/api.ts';
import { signupOnPlan, addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { FakeSocketFactory } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import { addPlan, findPlan } from '../plans/plans.service.ts';
import { until } from '../../../../test/until.ts';

let runtime: Runtime;
let company: TestCompany;
const fakes = new FakeSocketFactory();

beforeAll(async () => {
  runtime = await startApi({ whatsappSocketFactory: fakes.factory });
  company = await signupCompany(runtime, 'Sessions Co');
});
afterAll(async () => {
  await runtime?.stop();
});

const createWhatsapp = async (client: ApiClient, name = 'Vendas') => {
  const res = await client.post('/whatsapp', { channel: 'whatsapp', name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Connection;
};

describe('a WhatsApp connection', () => {
  it('starts its session when created: the QR code and then CONNECTED reach the agents live; an empty QR closes the dialog', async () => {
    const probe = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
    const created = await createWhatsapp(company.admin);
    expect(created).toMatchObject({ channel: 'whatsapp', status: 'OPENING', qrcode: '', retries: 0, number: null });
    const socket = await fakes.next(created.id, { after: 0 });
    socket.showQr('2@QR-CODE-1');
    const qr = await probe.waitFor(
      (f) => f.event === `company-${company.companyId}-whatsappSession` && f.data.session.qrcode === '2@QR-CODE-1',
    );
    expect(qr.data).toMatchObject({ action: 'update', session: { id: created.id, status: 'qrcode', retries: 1 } });
    expect((await company.admin.get(`/whatsapp/${created.id}`)).body).toMatchObject({ status: 'qrcode', qrcode: '2@QR-CODE-1' });

    socket.scan('5511955554444');
    const reopened = await fakes.next(created.id, { after: 1 });
    reopened.open();
    const open = await probe.waitFor(
      (f) => f.event === `company-${company.companyId}-whatsappSession` && f.data.session.status === 'CONNECTED',
    );
    expect(open.data.session).toMatchObject({ qrcode: '', number: '5511955554444' });
    await probe.waitFor((f) => f.event === `company-${company.companyId}-whatsapp` && f.data.whatsapp?.status === 'CONNECTED');
    probe.close();

    const health = await company.admin.get(`/whatsapp/${created.id}/health`);
    expect(health.status).toBe(200);
    expect(health.body.history[0]).toMatchObject({ status: 'CONNECTED' });
    expect(health.body.history.map((h: { status: string }) => h.status)).toContain('qrcode');
    expect(health.body).toMatchObject({ reconnects: 0, recovered: 0, lastOutboundAt: null });
  });

  it('disconnect logs the number out (DISCONNECTED); try again starts a new pairing; new QR forgets the pairing', async () => {
    const created = await createWhatsapp(company.admin, 'Suporte');
    const socket = await fakes.next(created.id, { after: 0 });
    socket.open('5511944443333');
    await until(
      () => company.admin.get(`/whatsapp/${created.id}`),
      (r) => r.body.status === 'CONNECTED',
    );

    const off = await company.admin.delete(`/whatsappsession/${created.id}`);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: 'DISCONNECTED', qrcode: '' });
    await until(
      async () => socket.loggedOut,
      (v) => v,
    );

    const again = await company.admin.post(`/whatsappsession/${created.id}`);
    expect(again.body).toMatchObject({ status: 'OPENING' });
    const fresh = await fakes.next(created.id, { after: 1 });
    expect(fresh.resumed).toBe(false);
    fresh.open('5511944443333');
    await until(
      () => company.admin.get(`/whatsapp/${created.id}`),
      (r) => r.body.status === 'CONNECTED',
    );

    expect((await company.admin.put(`/whatsappsession/${created.id}`)).status).toBe(200);
    const renewed = await fakes.next(created.id, { after: 2 });
    expect(renewed.resumed).toBe(false);

    expect(await company.admin.post('/whatsapp-restart/')).toMatchObject({ status: 200, body: { ok: true } });
    await fakes.next(created.id, { after: 3 });
  });

  it('a logout from the phone shows DISCONNECTED with its reason in the health history', async () => {
    const created = await createWhatsapp(company.admin, 'Financeiro');
    const socket = await fakes.next(created.id, { after: 0 });
    socket.open('5511933332222');
    await until(
      () => company.admin.get(`/whatsapp/${created.id}`),
      (r) => r.body.status === 'CONNECTED',
    );
    socket.close(DisconnectReason.loggedOut);
    await until(
      () => company.admin.get(`/whatsapp/${created.id}`),
      (r) => r.body.status === 'DISCONNECTED',
    );
    const health = await until(
      () => company.admin.get(`/whatsapp/${created.id}/health`),
      (r) => r.body.history[0]?.status === 'DISCONNECTED',
    );
    expect(health.body.history[0].reason).toBe('logged out from the phone');
  });

  it("answers 404 for another company's session, and refuses agents without the connections permission", async () => {
    const created = await createWhatsapp(company.admin, 'Outro');
    const other = await signupCompany(runtime, 'Other Co');
    for (const [method, path] of [
      ['POST', `/whatsappsession/${created.id}`],
      ['PUT', `/whatsappsession/${created.id}`],
      ['DELETE', `/whatsappsession/${created.id}`],
      ['GET', `/whatsapp/${created.id}/health`],
    ] as const) {
      expect(await other.admin.request(method, path)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    }
    const agent = await addAgent(runtime, company);
    expect((await agent.client.delete(`/whatsappsession/${created.id}`)).status).toBe(403);
    expect((await company.admin.get(`/whatsapp/${created.id}`)).body.status).not.toBe('DISCONNECTED');
  });

  it("lets the super user disconnect and start a company's session from the overview (/whatsapp-admin)", async () => {
    const owner = await signupCompany(runtime, 'Overseen Co');
    const created = await createWhatsapp(owner.admin, 'Loja');
    const session = { companyId: owner.companyId, connectionId: created.id };
    const socket = await fakes.next(session, { after: 0 });
    socket.open('5511922221111');
    await until(
      () => owner.admin.get(`/whatsapp/${created.id}`),
      (r) => r.body.status === 'CONNECTED',
    );
    const root = await signInSuperUser(runtime);

    expect(await root.delete(`/whatsapp-admin/${owner.companyId}/${created.id}/session`)).toMatchObject({
      status: 200,
      body: { id: created.id, status: 'DISCONNECTED' },
    });
    await until(
      async () => socket.loggedOut,
      (v) => v,
    );
    expect((await owner.admin.get(`/whatsapp/${created.id}`)).body.status).toBe('DISCONNECTED');
    expect(await root.post(`/whatsapp-admin/${owner.companyId}/${created.id}/session`)).toMatchObject({
      status: 200,
      body: { status: 'OPENING' },
    });
    await fakes.next(session, { after: 1 });
    expect(await company.admin.delete(`/whatsapp-admin/${owner.companyId}/${created.id}/session`)).toMatchObject({ status: 403 });
  });

  it('deleting the connection stops its session (logged out, no socket left)', async () => {
    // a company of its own: the plan's connection limit is spent above
    const own = await signupCompany(runtime, 'Deleting Co');
    const created = await createWhatsapp(own.admin, 'Temporário');
    // connection ids are per company: this one's socket is found by both
    const socketOf = () => fakes.sockets.find((f) => f.companyId === own.companyId && f.connectionId === created.id);
    const socket = (await until(
      async () => socketOf(),
      (f) => f !== undefined,
    ))!;
    socket.open('5511922221111');
    await until(
      () => own.admin.get(`/whatsapp/${created.id}`),
      (r) => r.body.status === 'CONNECTED',
    );
    expect((await own.admin.delete(`/whatsapp/${created.id}`)).status).toBe(200);
    await until(
      async () => socket.loggedOut,
      (v) => v,
    );
    expect(fakes.sockets.filter((f) => f.companyId === own.companyId && !f.ended)).toHaveLength(0);
  });

  it("alerts the company's admins, and only them, when an open session drops; not again for the retries of the same outage", async () => {
    const own = await signupCompany(runtime, 'Alert Co');
    const agent = await addAgent(runtime, own);
    const admin = await SocketProbe.open(runtime.url, `token=${own.admin.token}`);
    const user = await SocketProbe.open(runtime.url, `token=${agent.client.token}`);
    const created = await createWhatsapp(own.admin, 'Plantão');
    const ref = { companyId: own.companyId, connectionId: created.id };
    const socket = await fakes.next(ref, { after: 0 });
    socket.open('5511911110000');
    await until(
      () => own.admin.get(`/whatsapp/${created.id}`),
      (r) => r.body.status === 'CONNECTED',
    );
    const alertOf = (f: { event: string; data: any }) =>
      f.event === `company-${own.companyId}-connectionAlert` && f.data.connection.id === created.id;

    socket.close(DisconnectReason.connectionClosed, 'Connection Terminated');
    const alert = await admin.waitFor(alertOf);
    expect(alert.data).toMatchObject({
      action: 'sessionDropped',
      connection: { id: created.id, name: 'Plantão' },
      status: 'DISCONNECTED',
      reason: 'connectionClosed (428)',
    });
    // the retry of the same outage fails too: DISCONNECTED again, no second alert
    const retry = await fakes.next(ref, { after: 1, timeoutMs: 5000 });
    retry.close(DisconnectReason.connectionClosed, 'Connection Terminated');
    await until(
      () => own.admin.get(`/whatsapp/${created.id}`),
      (r) => r.body.retries === 2,
    );
    await runtime.idleQueues();
    expect(admin.frames.filter(alertOf)).toHaveLength(1);
    // the agent saw the session change, not the alert
    expect(user.frames.some((f) => f.event === `company-${own.companyId}-whatsappSession`)).toBe(true);
    expect(user.frames.filter((f) => f.event.endsWith('-connectionAlert'))).toHaveLength(0);
    await admin.close();
    await user.close();
  });

  it('is refused when the plan does not include WhatsApp', async () => {
    const base = await findPlan(1);
    const { id: _id, ...rest } = base;
    const plan = await addPlan({ ...rest, name: `No WhatsApp ${randomUUID().slice(0, 6)}`, useWhatsapp: false });
    const { admin } = await signupOnPlan(runtime, plan.id, 'Webchat only');
    expect(await admin.post('/whatsapp', { channel: 'whatsapp', name: 'Vendas' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    // the Cloud API number is WhatsApp too, refused with the same code
    const cloud = {
      channel: 'whatsappapi',
      name: 'Oficial',
      phoneNumberId: '1015550009',
      wabaId: '2025550009',
      accessToken: 't',
      appSecret: 's',
      verifyToken: 'v',
    };
    expect(await admin.post('/whatsapp', cloud)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(
      (await admin.get('/whatsapp')).body.filter((c: Connection) => c.channel === 'whatsapp' || c.channel === 'whatsappapi'),
    ).toEqual([]);
  });
});
