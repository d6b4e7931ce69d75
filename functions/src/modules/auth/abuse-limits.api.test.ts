/**
 * Limits on the public calls, held under concurrency and counted per client address: sign-in (atomic attempts,
 * growing waits instead of a lock), signup, password-reset mails, and the web chat's visitors and messages per
 * address and per widget. Requests from a second loopback address (127.0.0.2) stand for another client.
 */
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startApi } from '../../../../test/api.ts';
import { signupBodyOf, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { THROTTLE_WINDOW_MS } from './throttle.ts';

let runtime: Runtime;
let company: TestCompany;
let counter = 0;
const uniqueEmail = () => `limits${Date.now()}${counter++}@example.com`;
const signupBody = (email = uniqueEmail()) => signupBodyOf(email);

/** A request whose client address is `localAddress`, as another machine's would be. */
const from = (localAddress: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: any; headers: Record<string, unknown> }>((resolve, reject) => {
    const url = new URL(`${runtime.url}/api${path}`);
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method,
        localAddress,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });

/** Runs `body` with some configuration variables set, restoring them after. */
const withLimits = async (limits: Record<string, string>, body: () => Promise<void>) => {
  const saved = Object.fromEntries(Object.keys(limits).map((k) => [k, process.env[k]]));
  runtime.setEnv(limits);
  try {
    await body();
  } finally {
    runtime.setEnv(saved);
  }
};

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Limites');
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

describe('sign-in throttling', () => {
  it('checks at most 11 of 30 concurrent wrong passwords, then makes the owner wait, doubling the wait, never a lock', async () => {
    const email = uniqueEmail();
    expect((await new ApiClient(runtime.url).post('/auth/signup', signupBody(email))).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => new ApiClient(runtime.url).login(email, 'wrong-password')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(11);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - statuses.filter((s) => s === 401).length);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const blocked = answers.find((a) => a.status === 429)!;
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    // even the right password waits its turn
    expect((await new ApiClient(runtime.url).login(email, 'secret-pass')).status).toBe(429);
    const start = Date.now();
    // after the wait (at most two doublings past the limit here) one attempt is let through: the owner signs in
    runtime.setClock({ at: start + 3 * 60 * 1000 });
    expect((await new ApiClient(runtime.url).login(email, 'secret-pass')).status).toBe(200);
  }, 60_000);

  it('makes each further failure past the limit double the wait', async () => {
    const email = uniqueEmail();
    expect((await new ApiClient(runtime.url).post('/auth/signup', signupBody(email))).status).toBe(201);
    const client = new ApiClient(runtime.url);
    // a minute into a throttle window, so the waits below stay inside it whatever the time the test runs at
    const base = Math.floor(Date.now() / THROTTLE_WINDOW_MS) * THROTTLE_WINDOW_MS + 60_000;
    runtime.setClock({ at: base });
    for (let i = 0; i < 10; i += 1) expect((await client.login(email, 'wrong-password')).status).toBe(401);
    const first = await client.login(email, 'wrong-password');
    expect(first.status).toBe(429);
    const wait1 = Number(first.headers.get('retry-after'));
    runtime.setClock({ at: base + wait1 * 1000 });
    expect((await client.login(email, 'wrong-password')).status).toBe(401);
    const second = await client.login(email, 'wrong-password');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(wait1 * 2 - 1);
  }, 60_000);
});

describe('signup and password reset per address', () => {
  it('limits signups per client address, and another address still signs up', async () => {
    await withLimits({ SIGNUPS_PER_ADDRESS: '2' }, async () => {
      for (let i = 0; i < 2; i += 1) expect((await from('127.0.0.3', 'POST', '/auth/signup', signupBody())).status).toBe(201);
      const third = await from('127.0.0.3', 'POST', '/auth/signup', signupBody());
      expect(third).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
      expect((await from('127.0.0.4', 'POST', '/auth/signup', signupBody())).status).toBe(201);
    });
  });

  it('limits reset mails per client address, whatever the e-mail', async () => {
    await withLimits({ RESET_MAILS_PER_ADDRESS: '2' }, async () => {
      for (let i = 0; i < 2; i += 1)
        expect((await from('127.0.0.5', 'POST', `/forgetpassword/${encodeURIComponent(uniqueEmail())}`)).status).toBe(200);
      expect((await from('127.0.0.5', 'POST', `/forgetpassword/${encodeURIComponent(uniqueEmail())}`)).status).toBe(429);
      expect((await from('127.0.0.6', 'POST', `/forgetpassword/${encodeURIComponent(uniqueEmail())}`)).status).toBe(200);
    });
  });
});

describe('web chat flood limits', () => {
  const newVisitor = async (address: string) => {
    const res = await from(address, 'POST', `/webchat/${company.webchatToken}/visitors`, { name: 'Bot' });
    return res;
  };
  const say = (address: string, visitorToken: string, body: string) =>
    from(address, 'POST', `/webchat/${company.webchatToken}/messages`, { body }, { authorization: `Bearer ${visitorToken}` });

  it('limits the visitors one address makes', async () => {
    await withLimits({ WEBCHAT_VISITORS_PER_ADDRESS: '3' }, async () => {
      for (let i = 0; i < 3; i += 1) expect((await newVisitor('127.0.0.7')).status).toBe(201);
      expect((await newVisitor('127.0.0.7')).status).toBe(429);
      expect((await newVisitor('127.0.0.8')).status).toBe(201);
    });
  });

  it('limits the messages of one address across its visitors, while another address still chats', async () => {
    await withLimits({ WEBCHAT_MESSAGES_PER_ADDRESS: '5' }, async () => {
      const visitors = await Promise.all([newVisitor('127.0.0.9'), newVisitor('127.0.0.9')]);
      const tokens = visitors.map((v) => v.body.visitorToken as string);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await say('127.0.0.9', tokens[i % 2]!, `flood ${i}`)).status);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
      const calm = await newVisitor('127.0.0.10');
      expect((await say('127.0.0.10', calm.body.visitorToken, 'oi')).status).toBe(202);
    });
  });

  it('puts a ceiling on the messages one widget takes, whatever their address', async () => {
    const other = await signupCompany(runtime, 'Loja Teto');
    await withLimits({ WEBCHAT_MESSAGES_PER_CONNECTION: '4' }, async () => {
      const addresses = ['127.0.0.11', '127.0.0.12'];
      const tokens: string[] = [];
      for (const address of addresses) {
        const res = await from(address, 'POST', `/webchat/${other.webchatToken}/visitors`, { name: 'Visitante' });
        tokens.push(res.body.visitorToken);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (
            await from(
              addresses[i % 2]!,
              'POST',
              `/webchat/${other.webchatToken}/messages`,
              { body: `m${i}` },
              { authorization: `Bearer ${tokens[i % 2]}` },
            )
          ).status,
        );
      }
      expect(statuses).toEqual([202, 202, 202, 202, 429]);
    });
  });
});
