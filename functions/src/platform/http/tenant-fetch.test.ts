/**
 * tenantFetch against real HTTP servers on 127.0.0.1. Every local server is private, so the tests that need a "public"
 * server say so by treating 127.0.0.1 alone as public, and name hosts through an injected DNS lookup.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../config.ts';
import { addressRefusal } from './tenant-address.ts';
import { tenantFetch, TenantFetchError, tenantUrlPolicy, TenantUrlRefused, type AddressGuard } from './tenant-fetch.ts';

interface Seen {
  method: string;
  path: string;
  body: string;
  headers: IncomingMessage['headers'];
}

interface TestServer {
  url: string;
  port: number;
  seen: Seen[];
}

const servers: Server[] = [];

const startServer = async (answer: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<TestServer> => {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method!, path: req.url!, body, headers: req.headers });
      answer(req, res, body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, seen };
};

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      // a test server that never answered still holds its connection open
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
  vi.unstubAllEnvs();
  resetConfig();
});

const OPTIONS = { timeoutMs: 5_000, maxBytes: 1_000_000 };
const ok = (_req: IncomingMessage, res: ServerResponse) => res.end('hello');

/** 127.0.0.1 plays a public address; everything else is classified as in production. */
const publicLoopback = (address: string) => (address === '127.0.0.1' ? undefined : addressRefusal(address));

/** DNS for made-up names; any other name goes to the real lookup. */
const fakeDns =
  (names: Record<string, string[]>): AddressGuard['lookup'] =>
  (hostname, options, callback) => {
    const addresses = names[hostname];
    if (!addresses) return dnsLookup(hostname, options, callback);
    const answer: LookupAddress[] = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    process.nextTick(callback, null, answer);
  };

const refusal = async (promise: Promise<unknown>): Promise<TenantUrlRefused> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TenantUrlRefused);
  return error as TenantUrlRefused;
};

describe('tenantFetch with private addresses denied', () => {
  const deny = { policy: 'deny' } as const;

  it('refuses a server on 127.0.0.1 and its other spellings without connecting', async () => {
    const server = await startServer(ok);
    for (const host of ['127.0.0.1', '127.1', '0x7f.1', '2130706433', '[::ffff:127.0.0.1]']) {
      const error = await refusal(
        tenantFetch(`http://${host}:${server.port}/hook`, { ...OPTIONS, method: 'POST', body: '{}' }, deny),
      );
      expect(error.message).toMatch(/not a public address \(loopback/);
    }
    expect(server.seen).toEqual([]);
  });

  it('refuses localhost by name, and a name whose lookup answers a loopback address when connecting', async () => {
    const server = await startServer(ok);
    expect((await refusal(tenantFetch(`http://localhost:${server.port}/`, OPTIONS, deny))).reason).toBe(
      'localhost is this machine',
    );
    const lookup = fakeDns({ 'n8n.example.test': ['127.0.0.1'] });
    expect((await refusal(tenantFetch(`http://n8n.example.test:${server.port}/`, OPTIONS, { ...deny, lookup }))).reason).toBe(
      'n8n.example.test resolves to 127.0.0.1 (loopback)',
    );
    expect(server.seen).toEqual([]);
  });

  it('refuses a name when any one of its addresses is private, though the first is public', async () => {
    const server = await startServer(ok);
    const lookup = fakeDns({ 'mixed.example.test': ['127.0.0.1', '10.0.0.7'] });
    const error = await refusal(
      tenantFetch(`http://mixed.example.test:${server.port}/`, OPTIONS, { ...deny, lookup, refusalOf: publicLoopback }),
    );
    expect(error.reason).toBe('mixed.example.test resolves to 10.0.0.7 (private)');
    expect(server.seen).toEqual([]);
  });

  it('calls a public server by name and answers its status, headers and body', async () => {
    const server = await startServer((_req, res, body) => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-seen': body });
      res.end('{"fine":true}');
    });
    const lookup = fakeDns({ 'hooks.example.test': ['127.0.0.1'] });
    const res = await tenantFetch(
      `http://hooks.example.test:${server.port}/in?x=1`,
      { ...OPTIONS, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
      { ...deny, lookup, refusalOf: publicLoopback },
    );
    expect(res).toMatchObject({ status: 201, ok: true, url: `http://hooks.example.test:${server.port}/in?x=1` });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-seen')).toBe('{"a":1}');
    expect(res.body.toString()).toBe('{"fine":true}');
    expect(server.seen).toMatchObject([{ method: 'POST', path: '/in?x=1', body: '{"a":1}' }]);
    expect(server.seen[0]!.headers.host).toBe(`hooks.example.test:${server.port}`);
  });

  it('refuses a redirect from a public server to a private one at the hop, and never reaches it', async () => {
    let target = '';
    const server = await startServer((req, res) => {
      if (req.url === '/start') res.writeHead(302, { location: target }).end();
      else res.end('secret');
    });
    const lookup = fakeDns({ 'rebind.example.test': ['10.1.2.3'] });
    const guard = { ...deny, lookup, refusalOf: publicLoopback };
    const cases: [string, string][] = [
      [`http://localhost:${server.port}/secret`, 'localhost is this machine'],
      [`http://rebind.example.test:${server.port}/secret`, 'rebind.example.test resolves to 10.1.2.3 (private)'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is not a public address (link-local)'],
      [`http://[::1]:${server.port}/secret`, '::1 is not a public address (loopback)'],
    ];
    for (const [location, reason] of cases) {
      target = location;
      expect((await refusal(tenantFetch(`${server.url}/start`, OPTIONS, guard))).reason).toBe(reason);
    }
    expect(server.seen.map((s) => s.path)).toEqual(['/start', '/start', '/start', '/start']);
  });

  it('follows redirects between allowed addresses as fetch does, up to three', async () => {
    const server = await startServer((req, res) => {
      const n = Number(/^\/r(\d)$/.exec(req.url!)?.[1] ?? -1);
      if (req.url === '/see-other') res.writeHead(303, { location: '/final' }).end();
      else if (req.url === '/temporary') res.writeHead(307, { location: '/final' }).end();
      else if (n > 0) res.writeHead(301, { location: `/r${n - 1}` }).end();
      else res.end(`${req.method} ${req.url}`);
    });
    const guard = { ...deny, refusalOf: publicLoopback };
    const post = { ...OPTIONS, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' };
    expect((await tenantFetch(`${server.url}/see-other`, post, guard)).body.toString()).toBe('GET /final');
    const kept = await tenantFetch(`${server.url}/temporary`, post, guard);
    expect(kept.body.toString()).toBe('POST /final');
    expect(kept.url).toBe(`${server.url}/final`);
    expect(server.seen.at(-1)).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect((await tenantFetch(`${server.url}/r3`, OPTIONS, guard)).body.toString()).toBe('GET /r0');
    await expect(tenantFetch(`${server.url}/r4`, OPTIONS, guard)).rejects.toThrow(new TenantFetchError('more than 3 redirects'));
  });

  it('refuses schemes other than http and https, credentials in the URL, and ports that are not for HTTP', async () => {
    expect((await refusal(tenantFetch('file:///etc/passwd', OPTIONS, deny))).reason).toBe('file: is not http or https');
    expect((await refusal(tenantFetch('gopher://example.com/', OPTIONS, deny))).reason).toBe('gopher: is not http or https');
    expect((await refusal(tenantFetch('https://user:pass@example.com/', OPTIONS, deny))).reason).toBe(
      'a URL with credentials in it',
    );
    expect((await refusal(tenantFetch('http://example.com:25/', OPTIONS, deny))).reason).toBe('port 25 is not for HTTP');
    expect((await refusal(tenantFetch('not a url', OPTIONS, deny))).reason).toBe('not a valid URL');
  });
});

describe('tenantFetch limits', () => {
  const allow = { policy: 'allow' } as const;

  it('gives up when the server does not answer in time', async () => {
    const server = await startServer(() => undefined);
    await expect(tenantFetch(`${server.url}/slow`, { ...OPTIONS, timeoutMs: 150 }, allow)).rejects.toThrow(
      new TenantFetchError('no answer within 150 ms'),
    );
  });

  it('gives up on a body that stops halfway once the time is up', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
    });
    await expect(tenantFetch(server.url, { ...OPTIONS, timeoutMs: 150 }, allow)).rejects.toThrow(
      new TenantFetchError('no answer within 150 ms'),
    );
  });

  it('refuses an answer larger than allowed, declared or streamed', async () => {
    const declared = await startServer((_req, res) => res.end('x'.repeat(2_000)));
    await expect(tenantFetch(declared.url, { ...OPTIONS, maxBytes: 1_000 }, allow)).rejects.toThrow(
      new TenantFetchError('answer larger than 1000 bytes'),
    );
    const streamed = await startServer((_req, res) => {
      res.write('x'.repeat(600));
      res.end('x'.repeat(600));
    });
    await expect(tenantFetch(streamed.url, { ...OPTIONS, maxBytes: 1_000 }, allow)).rejects.toThrow(
      new TenantFetchError('answer larger than 1000 bytes'),
    );
    expect((await tenantFetch(streamed.url, { ...OPTIONS, maxBytes: 1_200 }, allow)).body.length).toBe(1_200);
  });
});

describe('tenantFetch with private addresses allowed', () => {
  it('reaches a server on 127.0.0.1, by address and as localhost', async () => {
    const server = await startServer((req, res) => res.writeHead(404).end(req.url));
    const byAddress = await tenantFetch(`${server.url}/a`, OPTIONS, { policy: 'allow' });
    expect(byAddress).toMatchObject({ status: 404, ok: false });
    expect(byAddress.body.toString()).toBe('/a');
    expect((await tenantFetch(`http://localhost:${server.port}/b`, OPTIONS, { policy: 'allow' })).body.toString()).toBe('/b');
  });
});

describe('tenantUrlPolicy', () => {
  const env = { TABLE_NAME: 't', WS_MANAGEMENT_ENDPOINT: 'http://127.0.0.1:9', PUBLIC_URL: 'http://localhost:3000' };
  const policyWith = (vars: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries({ ...env, ...vars })) vi.stubEnv(name, value);
    resetConfig();
    return tenantUrlPolicy();
  };

  it('denies unless TENANT_URLS_PRIVATE says otherwise, locally too (the local runtime sets it from HOST)', () => {
    expect(policyWith({ RUNTIME: 'aws', TENANT_URLS_PRIVATE: undefined })).toBe('deny');
    expect(policyWith({ RUNTIME: undefined, TENANT_URLS_PRIVATE: undefined })).toBe('deny');
    expect(policyWith({ RUNTIME: 'local', TENANT_URLS_PRIVATE: undefined })).toBe('deny');
    expect(policyWith({ RUNTIME: 'local', TENANT_URLS_PRIVATE: 'allow' })).toBe('allow');
    expect(policyWith({ RUNTIME: 'local', TENANT_URLS_PRIVATE: 'deny' })).toBe('deny');
    expect(policyWith({ RUNTIME: 'aws', TENANT_URLS_PRIVATE: 'allow' })).toBe('allow');
  });

  it('is what tenantFetch follows when not told otherwise', async () => {
    policyWith({ RUNTIME: 'local', TENANT_URLS_PRIVATE: 'deny' });
    const server = await startServer(ok);
    await refusal(tenantFetch(server.url, OPTIONS));
    policyWith({ RUNTIME: 'aws', TENANT_URLS_PRIVATE: 'allow' });
    expect((await tenantFetch(server.url, OPTIONS)).body.toString()).toBe('hello');
  });
});
