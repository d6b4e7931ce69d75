import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test-fixtures.ts';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: string | undefined;
}

type Reply = { status: number; body?: unknown };

/** A fake server: answers each request with the next reply queued for its path. */
const fakeServer = (replies: Record<string, Reply[]>) => {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: unknown, init: RequestInit = {}) => {
    const url = String(input);
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers,
      body: init.body as string | undefined,
      credentials: init.credentials,
    });
    const path = new URL(url).pathname;
    const queue = replies[path];
    const reply = queue?.shift();
    if (!reply) throw new Error(`unexpected request ${path}`);
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text === '' ? null : text, { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetchStub };
};

const session = (token: string) => ({ token, user: makeUser() });

let store: SessionStore;

beforeEach(() => {
  localStorage.clear();
  store = createSessionStore();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client: requests', () => {
  it('calls the route path under /api with the bearer token, JSON body and cookies', async () => {
    const { calls } = fakeServer({ '/api/users/5': [{ status: 200, body: makeUser({ name: 'Bia' }) }] });
    store.setSession(session('tok-1'));
    const api = createApiClient(store);

    const user = await api.callRoute('users.update', { params: { id: 5 }, body: { name: 'Bia' } });

    expect(user.name).toBe('Bia');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: 'http://localhost:5173/api/users/5', method: 'PUT', credentials: 'include' });
    expect(calls[0]!.headers.authorization).toBe('Bearer tok-1');
    expect(JSON.parse(calls[0]!.body!)).toEqual({ name: 'Bia' });
    expect(calls[0]!.headers['content-type']).toMatch(/^application\/json/);
  });

  it('encodes path parameters and adds query parameters, skipping empty ones', async () => {
    const { calls } = fakeServer({ '/api/forgetpassword/a%2Bb%40example.com': [{ status: 200, body: { status: 200 } }] });
    const api = createApiClient(store);
    await api.callRoute('auth.forgot-password', {
      params: { email: 'a+b@example.com' },
      query: { lang: 'pt', empty: undefined },
    });
    expect(calls[0]!.url).toBe('http://localhost:5173/api/forgetpassword/a%2Bb%40example.com?lang=pt');
  });

  it('answers undefined for an empty body', async () => {
    fakeServer({ '/api/auth/logout': [{ status: 204 }] });
    store.setSession(session('tok-1'));
    await expect(createApiClient(store).callRoute('auth.logout')).resolves.toBeUndefined();
  });

  it('does not retry a 429 by itself', async () => {
    const { fetchStub } = fakeServer({ '/api/auth/login': [{ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } }] });
    const failure = await createApiClient(store)
      .callRoute('auth.login', { body: { email: 'a@b.co', password: 'x' } })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('ERR_TOO_MANY_ATTEMPTS');
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});

describe('api client: error normalisation', () => {
  it('turns an error answer into an ApiError holding the ErrorBody', async () => {
    fakeServer({
      '/api/auth/signup': [
        {
          status: 400,
          body: { error: 'ERR_VALIDATION', message: 'bad', fields: [{ path: 'email', message: 'Email inválido' }], extra: 1 },
        },
      ],
    });
    const failure = (await createApiClient(store)
      .callRoute('auth.signup', {
        body: { name: 'Ana', companyName: 'Acme', email: 'x', password: '12345', phone: '12345678', planId: 1 },
      })
      .catch((e: unknown) => e)) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(400);
    expect(failure.body).toEqual({
      error: 'ERR_VALIDATION',
      message: 'bad',
      fields: [{ path: 'email', message: 'Email inválido' }],
    });
  });

  it('keeps the status but no code when the answer is not JSON', async () => {
    fakeServer({ '/api/version': [{ status: 502, body: '<html>Bad gateway</html>' }] });
    const failure = (await createApiClient(store)
      .callRoute('system.version')
      .catch((e: unknown) => e)) as ApiError;
    expect(failure.status).toBe(502);
    expect(failure.code).toBeUndefined();
  });

  it('reports an unreachable server as ERR_NETWORK', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const failure = (await createApiClient(store)
      .callRoute('system.version')
      .catch((e: unknown) => e)) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(0);
    expect(failure.code).toBe('ERR_NETWORK');
  });

  it('gives up after 30 s as ERR_TIMEOUT', async () => {
    vi.useFakeTimers();
    try {
      const fetchStub = vi.fn(
        (_input: unknown, init: RequestInit = {}) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      vi.stubGlobal('fetch', fetchStub);
      const failure = createApiClient(store)
        .callRoute('system.version')
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(fetchStub.mock.calls[0]![1]!.signal!.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(failure).resolves.toMatchObject({ status: 0, body: { error: 'ERR_TIMEOUT' } });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('api client: session rule', () => {
  it('refreshes the token once on a 403 and retries with the new token', async () => {
    const { calls } = fakeServer({
      '/api/users/5': [
        { status: 403, body: { error: 'ERR_INVALID_TOKEN' } },
        { status: 200, body: makeUser() },
      ],
      '/api/auth/refresh_token': [{ status: 200, body: session('tok-2') }],
    });
    store.setSession(session('tok-1'));
    const user = await createApiClient(store).callRoute('users.show', { params: { id: 5 } });
    expect(user.id).toBe(5);
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname} ${c.headers.authorization}`)).toEqual([
      'GET /api/users/5 Bearer tok-1',
      'POST /api/auth/refresh_token Bearer tok-1',
      'GET /api/users/5 Bearer tok-2',
    ]);
    expect(store.getToken()).toBe('tok-2');
    expect(localStorage.getItem('token')).toBe('tok-2');
  });

  it('gives up after one retry when the answer is still 403', async () => {
    const { calls } = fakeServer({
      '/api/users/5': [
        { status: 403, body: { error: 'ERR_INVALID_TOKEN' } },
        { status: 403, body: { error: 'ERR_INVALID_TOKEN' } },
      ],
      '/api/auth/refresh_token': [{ status: 200, body: session('tok-2') }],
    });
    store.setSession(session('tok-1'));
    const failure = (await createApiClient(store)
      .callRoute('users.show', { params: { id: 5 } })
      .catch((e: unknown) => e)) as ApiError;
    expect(failure.code).toBe('ERR_INVALID_TOKEN');
    expect(calls).toHaveLength(3);
    expect(store.getToken()).toBe('tok-2');
  });

  it('refreshes on a 403 without a code of ours, which a gateway in front may send', async () => {
    const { calls } = fakeServer({
      '/api/users/5': [
        { status: 403, body: { message: 'Forbidden' } },
        { status: 200, body: makeUser() },
      ],
      '/api/auth/refresh_token': [{ status: 200, body: session('tok-2') }],
    });
    store.setSession(session('tok-1'));
    await expect(createApiClient(store).callRoute('users.show', { params: { id: 5 } })).resolves.toMatchObject({ id: 5 });
    expect(calls).toHaveLength(3);
  });

  it('does not refresh for a refusal a new token cannot change (no permission for the record)', async () => {
    const { calls } = fakeServer({
      '/api/users/5': [{ status: 403, body: { error: 'ERR_NO_PERMISSION' } }],
      '/api/auth/refresh_token': [{ status: 200, body: session('tok-2') }],
    });
    store.setSession(session('tok-1'));
    const failure = (await createApiClient(store)
      .callRoute('users.show', { params: { id: 5 } })
      .catch((e: unknown) => e)) as ApiError;
    expect(failure.code).toBe('ERR_NO_PERMISSION');
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/users/5']);
    expect(store.getToken()).toBe('tok-1');
  });

  it('signs out when the refresh after a 403 is refused', async () => {
    fakeServer({
      '/api/users/5': [{ status: 403, body: { error: 'ERR_INVALID_TOKEN' } }],
      '/api/auth/refresh_token': [{ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }],
    });
    store.setSession(session('tok-1'));
    await expect(createApiClient(store).callRoute('users.show', { params: { id: 5 } })).rejects.toBeInstanceOf(ApiError);
    expect(store.getSnapshot()).toEqual({ token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clears the token and signs out on a 401', async () => {
    fakeServer({ '/api/auth/me': [{ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }] });
    store.setSession(session('tok-1'));
    const signedOut = vi.fn();
    store.subscribe(signedOut);
    const failure = (await createApiClient(store)
      .callRoute('auth.me')
      .catch((e: unknown) => e)) as ApiError;
    expect(failure.code).toBe('ERR_SESSION_EXPIRED');
    expect(store.getToken()).toBeNull();
    expect(signedOut).toHaveBeenCalled();
  });

  it('leaves the session alone for public routes answering 401 or 403', async () => {
    fakeServer({
      '/api/auth/login': [{ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } }],
      '/api/auth/signup': [{ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } }],
    });
    store.setSession(session('tok-1'));
    const api = createApiClient(store);
    await expect(api.callRoute('auth.login', { body: { email: 'a@b.co', password: 'x' } })).rejects.toMatchObject({
      code: 'ERR_INVALID_CREDENTIALS',
    });
    await expect(
      api.callRoute('auth.signup', {
        body: { name: 'Ana', companyName: 'Acme', email: 'a@b.co', password: '12345', phone: '12345678', planId: 1 },
      }),
    ).rejects.toMatchObject({ code: 'ERR_USER_CREATION_DISABLED' });
    expect(store.getToken()).toBe('tok-1');
  });

  it('shares one refresh between concurrent 403s', async () => {
    const { calls } = fakeServer({
      '/api/users/5': [
        { status: 403, body: { error: 'ERR_INVALID_TOKEN' } },
        { status: 403, body: { error: 'ERR_INVALID_TOKEN' } },
        { status: 200, body: makeUser() },
        { status: 200, body: makeUser() },
      ],
      '/api/auth/refresh_token': [{ status: 200, body: session('tok-2') }],
    });
    store.setSession(session('tok-1'));
    const api = createApiClient(store);
    await Promise.all([api.callRoute('users.show', { params: { id: 5 } }), api.callRoute('users.show', { params: { id: 5 } })]);
    expect(calls.filter((c) => c.url.endsWith('/refresh_token'))).toHaveLength(1);
  });
});

describe('api client: fresh token for the realtime connection', () => {
  const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;

  it('hands out a token that is still valid as is', async () => {
    const { fetchStub } = fakeServer({});
    const token = jwt(2_000_000_000);
    store.setSession(session(token));
    await expect(createApiClient(store).freshToken(1_000_000_000_000)).resolves.toBe(token);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('refreshes a token about to expire first', async () => {
    fakeServer({ '/api/auth/refresh_token': [{ status: 200, body: session('tok-new') }] });
    store.setSession(session(jwt(1_000_000_010)));
    await expect(createApiClient(store).freshToken(1_000_000_000_000)).resolves.toBe('tok-new');
  });

  it('is null without a session', async () => {
    await expect(createApiClient(store).freshToken()).resolves.toBeNull();
  });
});
