/**
 * A Graph connection is checked with Meta (the fake Graph server) when it is saved: a Cloud API number whose token
 * or phone number id Meta refuses is saved DISCONNECTED with Meta's reason, one Meta accepts is CONNECTED; a new token
 * for a Cloud API number or a Messenger page is checked the same way, and a token Meta refuses on a send leaves its
 * reason too. The list reads the reason, and never shows a refused connection as connected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { startApi } from '../../../../test/api.ts';
import { startFakeGraph, type FakeGraph } from '../../../../test/fakes/graph-server.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';

const CLOUD = {
  phoneNumberId: '1015557001',
  wabaId: '2025557002',
  accessToken: 'checked-cloud-token',
  appSecret: 'checked-secret',
  verifyToken: 'checked-verify',
};
const PAGE = { id: '5701', name: 'Loja Conferida', access_token: 'checked-page-token' };

let fake: FakeGraph;
let runtime: Runtime;
let company: TestCompany;

const listed = async (id: number) => (await company.admin.get('/whatsapp')).body.find((c: { id: number }) => c.id === id);

beforeAll(async () => {
  fake = await startFakeGraph();
  Object.assign(process.env, { META_GRAPH_URL: fake.url });
  fake.tokens.add(CLOUD.accessToken).add('checked-user-token').add(PAGE.access_token).add('other-page-token');
  fake.phoneNumbers.set(CLOUD.phoneNumberId, CLOUD.wabaId);
  fake.pages.set('9701', [PAGE, { id: '5702', name: 'Outra Loja', access_token: 'other-page-token' }]);
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Conferida');
}, 60_000);
afterAll(async () => {
  await runtime?.stop();
  await fake?.close();
  delete process.env.META_GRAPH_URL;
});

describe('a Cloud API number checked with Meta when saved', () => {
  it('is CONNECTED when Meta reads its phone number id with its token', async () => {
    const res = await company.admin.post('/whatsapp', { channel: 'whatsappapi', name: 'Número conferido', ...CLOUD });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'CONNECTED', statusReason: null });
    expect(
      fake.calls.some((c) => c.method === 'GET' && c.path === `/v21.0/${CLOUD.phoneNumberId}` && c.token === CLOUD.accessToken),
    ).toBe(true);
    await company.admin.delete(`/whatsapp/${res.body.id}`);
  });

  it("is saved DISCONNECTED with Meta's reason when Meta refuses its token, and the list shows why", async () => {
    const res = await company.admin.post('/whatsapp', {
      channel: 'whatsappapi',
      name: 'Token errado',
      ...CLOUD,
      accessToken: 'typo-token',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status).toBe('DISCONNECTED');
    expect(res.body.statusReason).toMatch(/^Meta refused the access token: .*Invalid OAuth access token/);
    expect(await listed(res.body.id)).toMatchObject({ status: 'DISCONNECTED', statusReason: res.body.statusReason });

    // a new token Meta accepts connects it; the reason goes
    const fixed = await company.admin.put(`/whatsapp/${res.body.id}`, { accessToken: CLOUD.accessToken });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(await listed(res.body.id)).toMatchObject({ status: 'CONNECTED', statusReason: null });

    // and a new token Meta refuses disconnects it again, with the reason
    expect((await company.admin.put(`/whatsapp/${res.body.id}`, { accessToken: 'revoked-token' })).status).toBe(200);
    expect(await listed(res.body.id)).toMatchObject({
      status: 'DISCONNECTED',
      statusReason: expect.stringMatching(/^Meta refused the access token/),
    });
    await company.admin.delete(`/whatsapp/${res.body.id}`);
  });

  it('is saved DISCONNECTED when Meta does not know its phone number id', async () => {
    const res = await company.admin.post('/whatsapp', {
      channel: 'whatsappapi',
      name: 'Número errado',
      ...CLOUD,
      phoneNumberId: '1015557999',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'DISCONNECTED',
      statusReason: expect.stringMatching(/^Meta refused the phone number id: .*1015557999/),
    });
    await company.admin.delete(`/whatsapp/${res.body.id}`);
  });

  it('is saved DISCONNECTED, never connected unchecked, when Meta cannot be reached', async () => {
    runtime.setEnv({ META_GRAPH_URL: 'http://127.0.0.1:9' });
    try {
      const res = await company.admin.post('/whatsapp', { channel: 'whatsappapi', name: 'Sem Meta', ...CLOUD });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        status: 'DISCONNECTED',
        statusReason: expect.stringMatching(/^Meta could not be reached/),
      });
      await company.admin.delete(`/whatsapp/${res.body.id}`);
    } finally {
      runtime.setEnv({ META_GRAPH_URL: fake.url });
    }
  });
});

describe('a Messenger page given a new token', () => {
  it("stays CONNECTED with its own page token and shows DISCONNECTED with the reason for another page's", async () => {
    const res = await company.admin.post('/facebook', {
      facebookUserId: '9701',
      facebookUserToken: 'checked-user-token',
      addInstagram: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const page = res.body.find((c: { facebookPageUserId: string }) => c.facebookPageUserId === PAGE.id);
    expect(page).toMatchObject({ channel: 'facebook', status: 'CONNECTED', statusReason: null });

    expect((await company.admin.put(`/whatsapp/${page.id}`, { accessToken: 'other-page-token' })).status).toBe(200);
    expect(await listed(page.id)).toMatchObject({
      status: 'DISCONNECTED',
      statusReason: `The access token is not the page's own: page ${PAGE.id}`,
    });

    expect((await company.admin.put(`/whatsapp/${page.id}`, { accessToken: PAGE.access_token })).status).toBe(200);
    expect(await listed(page.id)).toMatchObject({ status: 'CONNECTED', statusReason: null });
  });
});
