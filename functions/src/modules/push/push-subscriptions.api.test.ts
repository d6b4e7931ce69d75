/**
 * Push subscriptions over the API: the VAPID key, subscribe and unsubscribe with their validation, and the
 * subscriptions of a session gone when it ends (logout, a sign-in elsewhere, a password set by an admin).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, fieldPathsOf, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { listPushSubscriptions } from './push-subscriptions.repository.ts';

let runtime: Runtime;
let company: TestCompany;

const device = (name: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.net/send/${name}-${randomBytes(6).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

const endpointsOf = async (userId: number) =>
  (await listPushSubscriptions(company.companyId, userId)).map((s) => s.endpoint).sort();

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Push Co');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('the VAPID key', () => {
  it('gives signed-in users the public key browsers subscribe with, the same on every call', async () => {
    const first = await company.admin.get('/push/vapid-public-key');
    expect(first.status).toBe(200);
    const key = Buffer.from(first.body.publicKey as string, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect((await company.admin.get('/push/vapid-public-key')).body.publicKey).toBe(first.body.publicKey);
  });

  it('is not given without a session', async () => {
    expect((await new ApiClient(runtime.url).get('/push/vapid-public-key')).status).toBe(401);
  });
});

describe('subscribing', () => {
  it('subscribes a browser (201) and unsubscribes it, a second unsubscribe changing nothing', async () => {
    const agent = await addAgent(runtime, company);
    const phone = device('phone');
    const laptop = device('laptop');
    expect((await agent.client.post('/push/subscriptions', phone)).status).toBe(201);
    expect((await agent.client.post('/push/subscriptions', laptop)).status).toBe(201);
    // the same browser again: its keys renewed, not a second entry
    expect((await agent.client.post('/push/subscriptions', { ...phone, keys: device('x').keys })).status).toBe(201);
    expect(await endpointsOf(agent.id)).toEqual([phone.endpoint, laptop.endpoint].sort());
    const out = await agent.client.request('DELETE', '/push/subscriptions', { endpoint: phone.endpoint });
    expect(out.status).toBe(200);
    expect((await agent.client.request('DELETE', '/push/subscriptions', { endpoint: phone.endpoint })).status).toBe(200);
    expect(await endpointsOf(agent.id)).toEqual([laptop.endpoint]);
  });

  it('refuses a body without an endpoint or with keys that are not a P-256 point and a 16-byte secret, storing nothing', async () => {
    const agent = await addAgent(runtime, company);
    const good = device('good');
    const cases: [unknown, string[]][] = [
      [{ keys: good.keys }, ['body.endpoint']],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, ['body.keys.auth']],
      [{ ...good, keys: { ...good.keys, auth: 'not base64!' } }, ['body.keys.auth']],
      [{ ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } }, ['body.keys.auth']],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 30) } }, ['body.keys.p256dh']],
      [{ ...good, endpoint: 'javascript:alert(1)' }, ['body.endpoint']],
    ];
    for (const [body, paths] of cases) {
      const res = await agent.client.post('/push/subscriptions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldPathsOf(res.body)).toEqual(paths);
    }
    expect(await endpointsOf(agent.id)).toEqual([]);
  });

  it('removes only the caller’s own subscription: another user’s endpoint stays', async () => {
    const one = await addAgent(runtime, company);
    const two = await addAgent(runtime, company);
    const shared = device('shared');
    await two.client.post('/push/subscriptions', shared);
    expect((await one.client.request('DELETE', '/push/subscriptions', { endpoint: shared.endpoint })).status).toBe(200);
    expect(await endpointsOf(two.id)).toEqual([shared.endpoint]);
  });
});

describe("a session's subscriptions end with it", () => {
  it('at logout', async () => {
    const agent = await addAgent(runtime, company);
    await agent.client.post('/push/subscriptions', device('logout'));
    expect(await endpointsOf(agent.id)).toHaveLength(1);
    expect((await agent.client.delete('/auth/logout')).status).toBeLessThan(300);
    expect(await endpointsOf(agent.id)).toEqual([]);
  });

  it('at a sign-in elsewhere, which replaces the session', async () => {
    const agent = await addAgent(runtime, company);
    await agent.client.post('/push/subscriptions', device('before'));
    const email = (await company.admin.get(`/users/${agent.id}`)).body.email as string;
    const elsewhere = new ApiClient(runtime.url);
    expect((await elsewhere.login(email, 'pass-12345')).status).toBe(200);
    expect(await endpointsOf(agent.id)).toEqual([]);
    const now = device('now');
    await elsewhere.post('/push/subscriptions', now);
    expect(await endpointsOf(agent.id)).toEqual([now.endpoint]);
  });

  it('when an admin sets the user a new password', async () => {
    const agent = await addAgent(runtime, company);
    await agent.client.post('/push/subscriptions', device('password'));
    const res = await company.admin.put(`/users/${agent.id}`, { password: 'another-pass-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await endpointsOf(agent.id)).toEqual([]);
  });
});
