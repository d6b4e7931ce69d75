/**
 * `npm start` as a user runs it: first start seeds and prints the password once, data survives a restart,
 * a signal stops everything (DynamoDB Local included), and a machine without Java gets one clear line. Each start
 * prints the tenant URL policy in force and gives its fake Pix provider a pay secret of its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, startProduct } from '../../test/product.ts';

const javaProcessesFor = (dataDir: string): number => {
  const out = spawnSync('pgrep', ['-f', `DynamoDBLocal.jar.*${dataDir}`], { encoding: 'utf8' });
  return out.stdout.split('\n').filter(Boolean).length;
};

/** The fake Pix provider of a start and its pay secret, as tools find them in the data folder. */
const fakePixOf = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, 'fake-pix.json'), 'utf8')) as { url: string; paySecret: string };

/** The fake's list of charges, a call only the holder of its pay secret may make. */
const listCharges = (url: string, secret?: string) =>
  fetch(`${url}/fake/cob`, { headers: secret ? { 'x-fake-pix-secret': secret } : {} });

const login = (url: string, email: string, password: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('npm start', () => {
  it('seeds once with a printed random password, keeps data across restarts and stops cleanly on signals', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-start-'));
    const first = await startProduct({ DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    const printed = /sign in as (\S+) with password (\S+)/.exec(first.output());
    expect(printed).not.toBeNull();
    const [, email, password] = printed!;
    expect((await login(first.url, email!, password!)).status).toBe(200);
    expect(javaProcessesFor(dataDir)).toBe(1);
    expect(first.output()).toMatch(
      /Tenant URLs .* may reach private and loopback addresses \(the gateway listens on loopback only/,
    );
    const firstPix = fakePixOf(dataDir);
    expect((await listCharges(firstPix.url)).status).toBe(403);
    expect((await listCharges(firstPix.url, firstPix.paySecret)).status).toBe(200);
    expect(await first.stop('SIGINT')).toBe(0);
    expect(javaProcessesFor(dataDir)).toBe(0);

    const second = await startProduct({ DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '', TENANT_URLS_PRIVATE: 'deny' });
    expect(second.output()).not.toMatch(/with password/);
    expect((await login(second.url, email!, password!)).status).toBe(200);
    expect(second.output()).toMatch(/Tenant URLs .* may not reach private and loopback addresses \(TENANT_URLS_PRIVATE=deny\)/);
    const secondPix = fakePixOf(dataDir);
    expect(secondPix.paySecret).not.toBe(firstPix.paySecret);
    expect((await listCharges(secondPix.url, firstPix.paySecret)).status).toBe(403);
    expect((await listCharges(secondPix.url, secondPix.paySecret)).status).toBe(200);
    expect(await second.stop('SIGTERM')).toBe(0);
    expect(javaProcessesFor(dataDir)).toBe(0);
  }, 180_000);

  it('tells in one line what to install when Java is missing', () => {
    const bin = mkdtempSync(join(tmpdir(), 'sb-nojava-'));
    mkdirSync(bin, { recursive: true });
    symlinkSync(process.execPath, join(bin, 'node'));
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PATH: bin, DATA_DIR: join(bin, 'data') },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n').filter((l) => l.trim());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Java 11 or newer is required.*install a JDK/);
  });
});
