/**
 * API test harness: the product's local runtime in-process (gateway, functions, seed) on a free port, over the
 * run's DynamoDB Local with a fresh table per test file, and a small HTTP/WebSocket client that keeps cookies
 * like a browser.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { startRuntime, type Runtime, type RuntimeOptions } from '../infra/local/runtime.ts';
import { clock } from '../functions/src/platform/clock.ts';
import { CONNECTIONS_CACHE_MS } from '../functions/src/platform/realtime/publisher.ts';
import { LOOKUP_CACHE_MS } from '../functions/src/platform/ttl-cache.ts';

export const ADMIN_EMAIL = 'root@example.com';
export const ADMIN_PASSWORD = 'root-password-1';

/**
 * Every request of the API tests comes from 127.0.0.1: the per-address abuse limits are raised for them, and the
 * tests of those limits set their own small values. The same goes for the password hashing cost.
 */
const testSettings = {
  // hundreds of users are created and signed in: their hashes are made at the cheapest cost accepted, and the
  // default cost is tested on its own (functions/src/platform/auth/passwords.test.ts)
  PASSWORD_SCRYPT_LOG2N: '14',
  WEBCHAT_VISITORS_PER_ADDRESS: '100000',
  WEBCHAT_MESSAGES_PER_ADDRESS: '100000',
  SIGNUPS_PER_ADDRESS: '100000',
  RESET_MAILS_PER_ADDRESS: '100000',
};

/** `options` reach the runtime as given: a test of WhatsApp sessions passes its scripted socket factory. */
export const startApi = async (options: Pick<RuntimeOptions, 'whatsappSocketFactory'> = {}): Promise<Runtime> => {
  for (const [name, value] of Object.entries(testSettings)) process.env[name] ??= value;
  return startRuntime({
    ...options,
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'sb-api-')),
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: `api-${randomUUID()}`,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    webDir: join(tmpdir(), 'no-web-build'),
  });
};

/**
 * A clock offset that keeps a test of day-based figures off midnight (UTC, the tests' zone): with less than `marginMs`
 * left of the day, the clock moves to a minute past midnight, so that nothing the test does falls on two days.
 */
export const offMidnight = (marginMs = 20 * 60_000, now = Date.now()): number => {
  const DAY_MS = 86_400_000;
  const left = DAY_MS - (now % DAY_MS);
  return left < marginMs ? left + 60_000 : 0;
};

/**
 * Moves the clock of every function on past the life of their lookup caches, from where it reads now, as if that long
 * had passed since a change: every function then reads what was changed, as every Lambda instance does once its copy
 * ran out. For what no request can show before it happens (the engine reading a connection when the next message
 * arrives); the test sets the clock back after (runtime.setClock(undefined)), as the tests holding one do.
 */
export const outliveLookupCaches = (runtime: Runtime): void =>
  runtime.setClock({ offset: clock().now().getTime() - Date.now() + LOOKUP_CACHE_MS + 1 });

/** A 400's field errors as `{ path: message }`, so a test names the field it expects refused. */
export const fieldsOf = (body: { fields?: { path: string; message: string }[] }): Record<string, string> =>
  Object.fromEntries((body.fields ?? []).map((f) => [f.path, f.message]));

/** A 400's refused field paths, sorted, for a test that names the fields and not their messages. */
export const fieldPathsOf = (body: { fields?: { path: string }[] }): string[] => (body.fields ?? []).map((f) => f.path).sort();

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** The seeded super user (the runtime's admin account), signed in. */
export const signInSuperUser = async (runtime: Pick<Runtime, 'url'>): Promise<ApiClient> => {
  const root = new ApiClient(runtime.url);
  const res = await root.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  if (res.status !== 200) throw new Error(`the super user could not sign in: ${res.status} ${JSON.stringify(res.body)}`);
  return root;
};

/** A browser-like client: keeps the refresh cookie it is given and sends the bearer token it holds. */
export class ApiClient {
  token: string | undefined;
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly sourceHeaders: Record<string, string> = {},
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(cookie ? { cookie } : {}),
        ...this.sourceHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);

  async login(email: string, password: string): Promise<ApiResponse> {
    const res = await this.post('/auth/login', { email, password });
    if (res.status === 200) this.token = res.body.token;
    return res;
  }
}

/** A WebSocket that records every frame, with a helper to wait for one that matches. */
export class SocketProbe {
  readonly frames: { event: string; data: any }[] = [];
  private waiters: { match: (f: { event: string; data: any }) => boolean; resolve: (f: { event: string; data: any }) => void }[] =
    [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; data: any };
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
  }

  /**
   * Opens a socket as the browser does: `token=<access token>` in `query` is exchanged for a one-time connect
   * ticket first (POST /auth/ws-ticket); other queries (a visitor token, a raw ticket) go as they are.
   */
  static async open(baseUrl: string, query: string): Promise<SocketProbe> {
    const params = new URLSearchParams(query);
    const token = params.get('token');
    if (token) {
      const res = await fetch(`${baseUrl}/api/auth/ws-ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`WebSocket refused with ${res.status} (no connect ticket)`);
      params.delete('token');
      params.set('ticket', ((await res.json()) as { ticket: string }).ticket);
    }
    const probe = await new Promise<SocketProbe>((resolve, reject) => {
      const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws?${params}`);
      ws.once('open', () => resolve(new SocketProbe(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`WebSocket refused with ${res.statusCode}`)));
      ws.once('error', reject);
    });
    // with every function isolated, another function's publisher may still hold the company's connection list it
    // read before this socket opened, for as long as it keeps one (the web client covers that moment by reading its
    // lists again once connected); the probe lets that list run out, so its frames are the product's steady state
    if (process.env.ISOLATE_FUNCTIONS === '1') await new Promise((resolve) => setTimeout(resolve, CONNECTIONS_CACHE_MS + 100));
    return probe;
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  /** Isolated, the frame may first wait for the cold start of the function that sends it, seconds on a loaded machine. */
  waitFor(
    match: (f: { event: string; data: any }) => boolean,
    timeoutMs = process.env.ISOLATE_FUNCTIONS === '1' ? 20_000 : 5000,
  ): Promise<{ event: string; data: any }> {
    const found = this.frames.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('No matching frame arrived')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve();
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export const wsStatus = (baseUrl: string, query: string): Promise<number> =>
  new Promise((resolve) => {
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws?${query}`);
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });

/** The link in the newest mail the local mailer wrote to `email` (under `<DATA_DIR>/outbox/`, one file a mail). */
export const mailedLink = (email: string): URL => {
  const outbox = join(process.env.DATA_DIR!, 'outbox');
  const newest = readdirSync(outbox)
    .filter((f) => f.endsWith(`-${email}.eml`))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`no mail to ${email}`);
  const link = /https?:\/\/\S+/.exec(readFileSync(join(outbox, newest), 'utf8'));
  if (!link) throw new Error(`the mail to ${email} has no link`);
  return new URL(link[0]);
};
