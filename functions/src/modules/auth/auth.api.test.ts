import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ApiClient, mailedLink, SocketProbe, startApi, wsStatus } from '../../../../test/api.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { signupBodyOf } from '../../../../test/inbox.ts';
import { writeSetting } from '../settings/settings.service.ts';
import { REFRESH_GRACE_MS } from './auth.service.ts';
import { findUserByEmail } from '../user-records/user-lookup.service.ts';

let runtime: Runtime;
let counter = 0;
const uniqueEmail = () => `agent${Date.now()}${counter++}@example.com`;

const signupBody = (email = uniqueEmail()) => signupBodyOf(email);

beforeAll(async () => {
  runtime = await startApi();
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

describe('login', () => {
  it('answers a token and the user with company, and sets an httpOnly refresh cookie', async () => {
    const client = new ApiClient(runtime.url);
    const res = await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.user).toMatchObject({ email: ADMIN_EMAIL, profile: 'admin', super: true, companyId: 1 });
    expect(res.body.user.company).toMatchObject({ id: 1, dueDate: '2999-12-31T23:59:59.000Z' });
    expect(res.body.user.passwordHash).toBeUndefined();
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/jrt=.+; HttpOnly; Path=\/api\/auth/);
  });

  it('refuses a wrong password and an unknown e-mail alike with ERR_INVALID_CREDENTIALS', async () => {
    const client = new ApiClient(runtime.url, { 'user-agent': 'wrong-pass' });
    const wrong = await client.login(ADMIN_EMAIL, 'not-the-password');
    const unknown = await client.login('nobody@example.com', 'whatever');
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect(client.cookies.size).toBe(0);
  });

  it('answers 400 with the field paths for bad input', async () => {
    const client = new ApiClient(runtime.url);
    const res = await client.post('/auth/login', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['body.email', 'body.password']);
    const malformed = await client.request('POST', '/auth/login', '{"email":');
    expect(malformed).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body' }] } });
  });
});

describe('access token', () => {
  it('is required (401), must be valid (403) and gives /auth/me', async () => {
    const client = new ApiClient(runtime.url);
    expect(await client.get('/auth/me')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    client.token = 'not.a.jwt';
    expect(await client.get('/auth/me')).toMatchObject({ status: 403, body: { error: 'ERR_INVALID_TOKEN' } });
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await client.get('/auth/me')).toMatchObject({ status: 200, body: { email: ADMIN_EMAIL } });
  });

  it('expires after 15 minutes with a 403 so that the client refreshes', async () => {
    const client = new ApiClient(runtime.url);
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    runtime.setClock({ offset: 16 * 60 * 1000 });
    expect((await client.get('/auth/me')).status).toBe(403);
    const refreshed = await client.post('/auth/refresh_token');
    expect(refreshed.status).toBe(200);
    client.token = refreshed.body.token;
    expect((await client.get('/auth/me')).status).toBe(200);
  });
});

describe('refresh token', () => {
  it('rotates on every refresh and rejects an old token presented again, ending the session', async () => {
    const client = new ApiClient(runtime.url);
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const first = client.cookies.get('jrt');
    const res = await client.post('/auth/refresh_token');
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(ADMIN_EMAIL);
    const second = client.cookies.get('jrt');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    // the stolen first token comes back after the grace period
    runtime.setClock({ offset: REFRESH_GRACE_MS + 1000 });
    const thief = new ApiClient(runtime.url);
    thief.cookies.set('jrt', first!);
    const reuse = await thief.post('/auth/refresh_token');
    expect(reuse).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(reuse.headers.getSetCookie().join()).toMatch(/jrt=;.*Max-Age=0/);
    // the reuse ended the session: the rightful holder must sign in again
    expect((await client.post('/auth/refresh_token')).status).toBe(401);
  });

  it('lets two tabs refresh the same token at once', async () => {
    const tabA = new ApiClient(runtime.url);
    await tabA.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const tabB = new ApiClient(runtime.url);
    tabB.cookies.set('jrt', tabA.cookies.get('jrt')!);
    const [a, b] = await Promise.all([tabA.post('/auth/refresh_token'), tabB.post('/auth/refresh_token')]);
    expect([a.status, b.status]).toEqual([200, 200]);
  });

  it('answers 401 without a cookie or with a forged one', async () => {
    const client = new ApiClient(runtime.url);
    expect((await client.post('/auth/refresh_token')).status).toBe(401);
    client.cookies.set('jrt', 'forged.value');
    expect((await client.post('/auth/refresh_token')).status).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session: the token and the refresh cookie stop working', async () => {
    const client = new ApiClient(runtime.url);
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const cookie = client.cookies.get('jrt')!;
    const res = await client.delete('/auth/logout');
    expect(res.status).toBe(200);
    expect(client.cookies.has('jrt')).toBe(false);
    expect((await client.get('/auth/me')).status).toBe(401);
    const replay = new ApiClient(runtime.url);
    replay.cookies.set('jrt', cookie);
    expect((await replay.post('/auth/refresh_token')).status).toBe(401);
  });
});

describe('single session', () => {
  it('a new login ends the earlier session and tells its browser over the socket', async () => {
    const email = uniqueEmail();
    expect((await new ApiClient(runtime.url).post('/auth/signup', signupBody(email))).status).toBe(201);
    const first = new ApiClient(runtime.url);
    const login1 = await first.login(email, 'secret-pass');
    const companyId = login1.body.user.companyId as number;
    const socket = await SocketProbe.open(runtime.url, `token=${first.token}`);

    const second = new ApiClient(runtime.url);
    expect((await second.login(email, 'secret-pass')).status).toBe(200);

    const frame = await socket.waitFor((f) => f.event === `company-${companyId}-auth`);
    expect(frame.data).toEqual({ action: 'sessionReplaced', userId: login1.body.user.id });
    expect((await first.get('/auth/me')).status).toBe(401);
    expect((await first.post('/auth/refresh_token')).status).toBe(401);
    expect((await second.get('/auth/me')).status).toBe(200);
    await socket.close();
  });
});

describe('websocket', () => {
  it('refuses connections without a ticket (401) or with a bad one (403), and the access token in the address', async () => {
    expect(await wsStatus(runtime.url, '')).toBe(401);
    expect(await wsStatus(runtime.url, `ticket=${'x'.repeat(43)}`)).toBe(403);
    const client = new ApiClient(runtime.url);
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    // an access token would end up in access logs: it opens no socket
    expect(await wsStatus(runtime.url, `token=${client.token}`)).toBe(401);
  });

  it('opens a socket once per connect ticket, for a minute', async () => {
    const client = new ApiClient(runtime.url);
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await new ApiClient(runtime.url).post('/auth/ws-ticket')).status).toBe(401);
    const issued = await client.post('/auth/ws-ticket');
    expect(issued).toMatchObject({ status: 200, body: { expiresIn: 60 } });
    expect(issued.body.ticket).not.toContain(client.token);
    expect(await wsStatus(runtime.url, `ticket=${issued.body.ticket}`)).toBe(101);
    expect(await wsStatus(runtime.url, `ticket=${issued.body.ticket}`)).toBe(403);

    const late = (await client.post('/auth/ws-ticket')).body.ticket as string;
    runtime.setClock({ offset: 61_000 });
    expect(await wsStatus(runtime.url, `ticket=${late}`)).toBe(403);
    runtime.setClock(undefined);
  });

  it('accepts a signed-in user and takes room and status actions', async () => {
    const client = new ApiClient(runtime.url);
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const socket = await SocketProbe.open(runtime.url, `token=${client.token}`);
    socket.send({ action: 'joinTickets', data: 'open' });
    socket.send({ action: 'userStatus' });
    await new Promise((r) => setTimeout(r, 200));
    expect(runtime.gateway.connectionCount()).toBeGreaterThanOrEqual(1);
    expect((await client.get('/users/1')).body.online).toBe(true);
    await socket.close();
  });
});

describe('signup', () => {
  it('creates the company on the chosen plan with its admin, due after the trial days', async () => {
    const email = uniqueEmail();
    const res = await new ApiClient(runtime.url).post('/auth/signup', signupBody(email));
    expect(res.status).toBe(201);
    const client = new ApiClient(runtime.url);
    const login = await client.login(email, 'secret-pass');
    expect(login.body.user).toMatchObject({ profile: 'admin', super: false, name: 'Maria Souza' });
    expect(login.body.user.company.name).toBe('Loja da Maria');
    const due = Date.parse(login.body.user.company.dueDate);
    expect(due - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(due - Date.now()).toBeLessThan(7.1 * 86_400_000);
    const plan = await client.get(`/companies/listPlan/${res.body.companyId}`);
    expect(plan.body.plan).toMatchObject({ id: 1, useCampaigns: true });
  });

  it('answers 400 with every invalid field and creates nothing', async () => {
    const email = uniqueEmail();
    const res = await new ApiClient(runtime.url).post('/auth/signup', {
      ...signupBody(email),
      name: 'M',
      password: '123',
      companyName: '',
    });
    expect(res.status).toBe(400);
    const byPath = Object.fromEntries(res.body.fields.map((f: { path: string; message: string }) => [f.path, f.message]));
    expect(byPath).toMatchObject({
      'body.name': 'Too Short!',
      'body.password': 'At least 8 characters',
      'body.companyName': 'Too Short!',
    });
    expect((await new ApiClient(runtime.url).login(email, '123')).status).toBe(401);
  });

  it('refuses an unknown plan and a taken e-mail', async () => {
    const email = uniqueEmail();
    const unknownPlan = await new ApiClient(runtime.url).post('/auth/signup', { ...signupBody(email), planId: 999 });
    expect(unknownPlan).toMatchObject({ status: 400, body: { fields: [{ path: 'body.planId' }] } });
    expect((await new ApiClient(runtime.url).post('/auth/signup', signupBody(email))).status).toBe(201);
    const again = await new ApiClient(runtime.url).post('/auth/signup', { ...signupBody(email), companyName: 'Outra' });
    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } });
    const taken = await new ApiClient(runtime.url).post('/auth/signup', signupBody(ADMIN_EMAIL));
    expect(taken.status).toBe(409);
  });

  it('is refused when the platform disables signup', async () => {
    await writeSetting(1, 'allowSignup', 'disabled');
    try {
      const res = await new ApiClient(runtime.url).post('/auth/signup', signupBody());
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
      expect((await new ApiClient(runtime.url).get('/public-settings/allowSignup')).body).toEqual({
        key: 'allowSignup',
        value: 'disabled',
      });
    } finally {
      await writeSetting(1, 'allowSignup', 'enabled');
    }
  });
});

describe('expired company', () => {
  it('still signs in, with a due date in the past that the app turns into the open-invoices page', async () => {
    const email = uniqueEmail();
    await new ApiClient(runtime.url).post('/auth/signup', signupBody(email));
    runtime.setClock({ offset: 30 * 86_400_000 });
    const res = await new ApiClient(runtime.url).login(email, 'secret-pass');
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.user.company.dueDate)).toBeLessThan(Date.now() + 30 * 86_400_000);
    const admin = await new ApiClient(runtime.url).login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(Date.parse(admin.body.user.company.dueDate)).toBeGreaterThan(Date.now() + 30 * 86_400_000);
  });
});

describe('password reset', () => {
  it('mails a link whose token sets the new password once', async () => {
    const email = uniqueEmail();
    await new ApiClient(runtime.url).post('/auth/signup', signupBody(email));
    const client = new ApiClient(runtime.url);
    expect((await client.post(`/forgetpassword/${encodeURIComponent('ghost@example.com')}`)).body).toEqual({ status: 404 });
    expect((await client.post(`/forgetpassword/${encodeURIComponent(email)}`)).body).toEqual({ status: 200 });

    const outbox = join(process.env.DATA_DIR!, 'outbox');
    const mail = readdirSync(outbox)
      .filter((f) => f.includes(email))
      .map((f) => readFileSync(join(outbox, f), 'utf8'))[0]!;
    const link = new URL(/https?:\/\/\S+/.exec(mail)![0]);
    expect(link.pathname).toBe('/forgetpsw');
    const token = link.searchParams.get('token')!;

    const bad = await client.post('/resetpasswords', { email, token: 'x'.repeat(43), newPassword: 'new-secret' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_RESET_TOKEN' } });
    // the old form, with the password in the path, is gone
    expect((await client.post(`/resetpasswords/${encodeURIComponent(email)}/${token}/new-secret`)).status).toBe(404);
    const ok = await client.post('/resetpasswords', { email, token, newPassword: 'new-secret' });
    expect(ok.status).toBe(200);
    expect((await new ApiClient(runtime.url).login(email, 'secret-pass')).status).toBe(401);
    expect((await new ApiClient(runtime.url).login(email, 'new-secret')).status).toBe(200);
    const reuse = await client.post('/resetpasswords', { email, token, newPassword: 'other-secret' });
    expect(reuse.status).toBe(400);
  });

  it('mails a link that expires an hour after it was sent', async () => {
    const email = uniqueEmail();
    await new ApiClient(runtime.url).post('/auth/signup', signupBody(email));
    const sentAt = Date.now();
    runtime.setClock({ at: sentAt });
    const client = new ApiClient(runtime.url);
    expect((await client.post(`/forgetpassword/${encodeURIComponent(email)}`)).body).toEqual({ status: 200 });
    const token = mailedLink(email).searchParams.get('token')!;

    runtime.setClock({ at: sentAt + 60 * 60_000 + 1000 });
    const late = await client.post('/resetpasswords', { email, token, newPassword: 'late-secret' });
    expect(late).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_RESET_TOKEN' } });
    runtime.setClock({ at: sentAt + 60 * 60_000 - 1000 });
    expect((await client.post('/resetpasswords', { email, token, newPassword: 'in-time-secret' })).status).toBe(200);
    runtime.setClock(undefined);
    expect((await new ApiClient(runtime.url).login(email, 'in-time-secret')).status).toBe(200);
  });

  it('validates the e-mail and the new password', async () => {
    const client = new ApiClient(runtime.url);
    expect((await client.post('/forgetpassword/not-an-email')).body.fields[0].path).toBe('params.email');
    const res = await client.post('/resetpasswords', { email: 'a@b.com', token: 'x'.repeat(20), newPassword: '1234567' });
    expect(res.body.fields[0]).toEqual({ path: 'body.newPassword', message: 'At least 8 characters' });
  });
});

describe('throttling', () => {
  it('slows repeated failures for one e-mail down and then answers 429, even to the right password', async () => {
    const email = uniqueEmail();
    await new ApiClient(runtime.url).post('/auth/signup', signupBody(email));
    const client = new ApiClient(runtime.url);
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      expect((await client.login(email, 'wrong')).status).toBe(401);
      times.push(performance.now() - started);
    }
    expect(times[7]! - times[0]!).toBeGreaterThan(500);
    const blocked = await client.login(email, 'secret-pass');
    expect(blocked).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await new ApiClient(runtime.url).login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    // the window passes
    runtime.setClock({ offset: 16 * 60 * 1000 });
    expect((await client.login(email, 'secret-pass')).status).toBe(200);
  });
});

describe('gateway', () => {
  it('answers unknown routes with a 404 JSON body', async () => {
    const client = new ApiClient(runtime.url);
    expect(await client.get('/no/such/route')).toMatchObject({ status: 404, body: { error: 'ERR_ROUTE_NOT_FOUND' } });
    expect(await client.request('PATCH', '/auth/login')).toMatchObject({ status: 404, body: { error: 'ERR_ROUTE_NOT_FOUND' } });
  });

  it('serves the version and the public plan list without credentials', async () => {
    const client = new ApiClient(runtime.url);
    expect((await client.get('/version')).body.version).toMatch(/^\d+\.\d+\.\d+/);
    const plans = await client.get('/plans/list');
    expect(plans.body.length).toBeGreaterThan(0);
    expect(plans.body.every((p: { isPublic: boolean }) => p.isPublic)).toBe(true);
  });
});

describe('profile', () => {
  it('lets users edit their own profile and validates the body', async () => {
    const email = uniqueEmail();
    await new ApiClient(runtime.url).post('/auth/signup', signupBody(email));
    const client = new ApiClient(runtime.url);
    const login = await client.login(email, 'secret-pass');
    const id = login.body.user.id as number;
    const res = await client.put(`/users/${id}`, { name: 'Maria S.', defaultTheme: 'dark' });
    expect(res.body).toMatchObject({ name: 'Maria S.', defaultTheme: 'dark' });
    const bad = await client.put(`/users/${id}`, { name: 'M', profile: 'admin' });
    expect(bad.status).toBe(400);
    expect((await client.get(`/users/${id}`)).body.name).toBe('Maria S.');
  });
});

describe('password hashes', () => {
  it('replace a hash made at an older cost on the next good sign-in', async () => {
    const email = uniqueEmail();
    await new ApiClient(runtime.url).post('/auth/signup', signupBody(email));
    const hashOf = async () => (await findUserByEmail(email))!.passwordHash;
    expect(await hashOf()).toMatch(/^scrypt\$16384\$/);
    const saved = process.env.PASSWORD_SCRYPT_LOG2N;
    runtime.setEnv({ PASSWORD_SCRYPT_LOG2N: '15' });
    try {
      expect((await new ApiClient(runtime.url).login(email, 'secret-pass')).status).toBe(200);
      expect(await hashOf()).toMatch(/^scrypt\$32768\$/);
      expect((await new ApiClient(runtime.url).login(email, 'secret-pass')).status).toBe(200);
    } finally {
      runtime.setEnv({ PASSWORD_SCRYPT_LOG2N: saved });
    }
  });
});
