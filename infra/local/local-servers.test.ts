/**
 * What `npm start` exposes: every server it starts listens on loopback unless HOST opens the gateway, the
 * data folder is private, the web app carries its security headers (only the widget may be framed), static
 * files are compressed, and an oversized header gets a JSON answer.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startProduct, type ProductProcess } from '../../test/product.ts';

interface Listener {
  address: string;
  port: number;
}

/** The process and all its descendants, from the parent links in /proc. */
const processTree = (root: number): number[] => {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return out;
};

/** The kernel's hex form of an address in /proc/net/tcp{,6}, as text. */
const decodeAddress = (hex: string): string => {
  if (hex.length === 8) return [0, 1, 2, 3].map((i) => parseInt(hex.slice(6 - 2 * i, 8 - 2 * i), 16)).join('.');
  const words = [0, 1, 2, 3].map((i) => hex.slice(8 * i, 8 * i + 8));
  const bytes = words.flatMap((w) => [3, 2, 1, 0].map((b) => w.slice(2 * b, 2 * b + 2)));
  const groups = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => (bytes[2 * i]! + bytes[2 * i + 1]!).toLowerCase());
  if (groups.slice(0, 5).every((g) => g === '0000') && groups[5] === 'ffff') {
    return `::ffff:${parseInt(groups[6]!.slice(0, 2), 16)}.${parseInt(groups[6]!.slice(2), 16)}.${parseInt(groups[7]!.slice(0, 2), 16)}.${parseInt(groups[7]!.slice(2), 16)}`;
  }
  return groups.join(':');
};

/** Listening TCP sockets owned by the given processes, read from the OS's socket table. */
const listenersOf = (pids: number[]): Listener[] => {
  const inodes = new Set<string>();
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode) inodes.add(inode);
      } catch {
        // closed meanwhile
      }
    }
  }
  const out: Listener[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A' || !inodes.has(cols[9]!)) continue;
      const [addr, port] = cols[1]!.split(':');
      out.push({ address: decodeAddress(addr!), port: parseInt(port!, 16) });
    }
  }
  return out;
};

const isLoopback = (address: string) =>
  address.startsWith('127.') || address === '0000:0000:0000:0000:0000:0000:0000:0001' || address.startsWith('::ffff:127.');

const rawGet = (port: number, path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('the local servers of npm start', () => {
  let product: ProductProcess;
  let dataDir: string;
  const password = 'operator-chosen-Secret-42';

  beforeAll(async () => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'sb-exposure-')), 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    product = await startProduct({ DATA_DIR: dataDir, ADMIN_EMAIL: 'owner@example.test', ADMIN_PASSWORD: password });
  }, 120_000);

  afterAll(async () => {
    await product?.stop('SIGTERM');
  });

  it('listens on loopback only: the gateway and DynamoDB Local, as the socket table shows', () => {
    const listeners = listenersOf(processTree(product.child.pid!));
    // the gateway and the emulator at least
    expect(listeners.length).toBeGreaterThanOrEqual(2);
    expect(listeners.map((l) => l.port)).toContain(product.port);
    expect(listeners.filter((l) => !isLoopback(l.address))).toEqual([]);
  });

  it('keeps the data folder private and does not print a password the operator chose', () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(product.output()).not.toContain(password);
    expect(product.output()).toMatch(/sign in as owner@example\.test with the password given in ADMIN_PASSWORD/);
  });

  it('sends the security headers: the app may not be framed, the widget may be framed by any site', async () => {
    const app = await fetch(`${product.url}/tickets`);
    expect(app.status).toBe(200);
    const csp = app.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("object-src 'none'");
    expect(app.headers.get('x-frame-options')).toBe('DENY');
    expect(app.headers.get('x-content-type-options')).toBe('nosniff');
    expect(app.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');

    const widget = await fetch(`${product.url}/widget/abcdefghijklmnop`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(widget.headers.get('x-frame-options')).toBeNull();

    const api = await fetch(`${product.url}/api/auth/me`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('compresses static files as the client accepts, with the same bytes inside', async () => {
    const html = readFileSync(join(repoRoot, 'web', 'dist', 'index.html'), 'utf8');
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const raw = readFileSync(join(repoRoot, 'web', 'dist', script!));

    const br = await rawGet(product.port, script!, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(raw.length / 2);
    expect(brotliDecompressSync(br.body).equals(raw)).toBe(true);

    const gz = await rawGet(product.port, script!, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(raw)).toBe(true);

    const plain = await rawGet(product.port, script!, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(raw)).toBe(true);
  });

  it('answers an oversized request header with JSON', async () => {
    const res = await rawGet(product.port, '/api/auth/me', { 'x-padding': 'a'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({ error: 'ERR_HEADERS_TOO_LARGE' });
  });
});

describe('HOST', () => {
  it('opens the gateway on the address given, and only the gateway', async () => {
    const product = await startProduct({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-host-')),
      HOST: '0.0.0.0',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    });
    try {
      const listeners = listenersOf(processTree(product.child.pid!));
      const open = listeners.filter((l) => !isLoopback(l.address));
      expect(open).toEqual([{ address: '0.0.0.0', port: product.port }]);
    } finally {
      await product.stop('SIGTERM');
    }
  }, 120_000);
});
