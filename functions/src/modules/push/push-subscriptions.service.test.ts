/** Push subscriptions kept per user and session, against the table: subscribe, replace, limit, unsubscribe, session end. */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { resetConfig } from '../../platform/config.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { MAX_SUBSCRIPTIONS_PER_USER } from './push-subscription.entity.ts';
import { listPushSubscriptions } from './push-subscriptions.repository.ts';
import {
  deliverableSubscriptions,
  removeSessionSubscriptions,
  subscribe,
  unsubscribe,
  type PushSubscriptionInput,
} from './push-subscriptions.service.ts';

beforeAll(async () => {
  await useTestTable();
  process.env.VAPID_SECRET = randomBytes(32).toString('base64url');
  resetConfig();
});
afterAll(() => {
  delete process.env.VAPID_SECRET;
  resetConfig();
});

let nextCompany = 9_100_000 + Math.floor(Math.random() * 100_000);
const caller = (userId: number, sessionId: string, companyId = nextCompany): AuthContext =>
  ({ companyId, userId, sessionId }) as AuthContext;

const device = (n: number): PushSubscriptionInput => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.net/send/device-${n}-${randomBytes(4).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

const fieldsOf = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as { code?: string; fields?: { path: string }[] } | undefined;
  return { code: error?.code, paths: error?.fields?.map((f) => f.path) };
};

describe('push subscriptions', () => {
  it("keeps a user's devices apart from another user's and another company's", async () => {
    const companyId = nextCompany++;
    const a = device(1);
    const b = device(2);
    await subscribe(caller(1, 'S1', companyId), a, 'Chrome on Android');
    await subscribe(caller(2, 'S2', companyId), b, 'Firefox');
    await subscribe(caller(1, 'S9', companyId + 500_000), device(3), 'Safari');
    const mine = await listPushSubscriptions(companyId, 1);
    expect(mine.map((s) => [s.endpoint, s.sessionId, s.userAgent])).toEqual([[a.endpoint, 'S1', 'Chrome on Android']]);
    expect((await listPushSubscriptions(companyId, 2)).map((s) => s.endpoint)).toEqual([b.endpoint]);
  });

  it('replaces the keys of an endpoint that subscribes again, without a second entry', async () => {
    const companyId = nextCompany++;
    const first = device(1);
    await subscribe(caller(1, 'S1', companyId), first, 'ua');
    const renewed = { endpoint: first.endpoint, keys: device(2).keys };
    await subscribe(caller(1, 'S1', companyId), renewed, 'ua');
    const all = await listPushSubscriptions(companyId, 1);
    expect(all).toHaveLength(1);
    expect(all[0]!.p256dh).toBe(renewed.keys.p256dh);
  });

  it(`keeps the newest ${MAX_SUBSCRIPTIONS_PER_USER} devices of a user`, async () => {
    const companyId = nextCompany++;
    const devices = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER + 2 }, (_, i) => device(i));
    for (const d of devices) await subscribe(caller(1, 'S1', companyId), d, 'ua');
    const kept = (await listPushSubscriptions(companyId, 1)).map((s) => s.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(2)
        .map((d) => d.endpoint)
        .sort(),
    );
  });

  it('refuses an address that is not https or keys that are not a P-256 point and a 16-byte secret, storing nothing', async () => {
    const companyId = nextCompany++;
    const good = device(1);
    const me = caller(1, 'S1', companyId);
    expect(await fieldsOf(subscribe(me, { ...good, endpoint: 'ftp://push.example.net/x' }, 'ua'))).toEqual({
      code: 'ERR_VALIDATION',
      paths: ['body.endpoint'],
    });
    expect(await fieldsOf(subscribe(me, { ...good, endpoint: 'https://user:pw@push.example.net/x' }, 'ua'))).toEqual({
      code: 'ERR_VALIDATION',
      paths: ['body.endpoint'],
    });
    expect(await fieldsOf(subscribe(me, { ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } }, 'ua'))).toEqual({
      code: 'ERR_VALIDATION',
      paths: ['body.keys.auth'],
    });
    expect(await fieldsOf(subscribe(me, { ...good, keys: { ...good.keys, p256dh: 'AAAA' } }, 'ua'))).toEqual({
      code: 'ERR_VALIDATION',
      paths: ['body.keys.p256dh'],
    });
    expect(await listPushSubscriptions(companyId, 1)).toEqual([]);
  });

  it('unsubscribes one device, and a repeated unsubscribe changes nothing', async () => {
    const companyId = nextCompany++;
    const phone = device(1);
    const laptop = device(2);
    await subscribe(caller(1, 'S1', companyId), phone, 'ua');
    await subscribe(caller(1, 'S1', companyId), laptop, 'ua');
    await unsubscribe(caller(1, 'S1', companyId), phone.endpoint);
    await unsubscribe(caller(1, 'S1', companyId), phone.endpoint);
    expect((await listPushSubscriptions(companyId, 1)).map((s) => s.endpoint)).toEqual([laptop.endpoint]);
  });

  it("delivers to the current session's devices only, and deletes those of ended sessions", async () => {
    const companyId = nextCompany++;
    const old = device(1);
    const current = device(2);
    await subscribe(caller(1, 'OLD', companyId), old, 'ua');
    await subscribe(caller(1, 'NOW', companyId), current, 'ua');
    expect((await deliverableSubscriptions(companyId, 1, 'NOW')).map((s) => s.endpoint)).toEqual([current.endpoint]);
    expect((await listPushSubscriptions(companyId, 1)).map((s) => s.endpoint)).toEqual([current.endpoint]);
    expect(await deliverableSubscriptions(companyId, 1, undefined)).toEqual([]);
    expect(await listPushSubscriptions(companyId, 1)).toEqual([]);
  });

  it('refuses to subscribe while the deployment has no VAPID secret (push off), storing nothing', async () => {
    const companyId = nextCompany++;
    const secret = process.env.VAPID_SECRET;
    delete process.env.VAPID_SECRET;
    resetConfig();
    try {
      expect(await fieldsOf(subscribe(caller(1, 'S1', companyId), device(1), 'ua'))).toEqual({
        code: 'ERR_PUSH_DISABLED',
        paths: undefined,
      });
    } finally {
      process.env.VAPID_SECRET = secret;
      resetConfig();
    }
    expect(await listPushSubscriptions(companyId, 1)).toEqual([]);
  });

  it("removes a session's devices when it ends, not another session's", async () => {
    const companyId = nextCompany++;
    await subscribe(caller(1, 'S1', companyId), device(1), 'ua');
    await subscribe(caller(1, 'S1', companyId), device(2), 'ua');
    const other = device(3);
    await subscribe(caller(1, 'S2', companyId), other, 'ua');
    expect(await removeSessionSubscriptions(companyId, 1, 'S1')).toBe(2);
    expect((await listPushSubscriptions(companyId, 1)).map((s) => s.endpoint)).toEqual([other.endpoint]);
  });
});
