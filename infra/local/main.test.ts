/**
 * `npm start` as a user runs it: first start seeds and prints the password once, data survives a restart,
 * a signal stops everything (DynamoDB Local included), and a machine without Java gets one clear line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, startProduct } from '../../test/product.ts';

const javaProcessesFor = (dataDir: string): number => {
  const out = spawnSync('pgrep', ['-f', `DynamoDBLocal.jar.*${dataDir}`], { encoding: 'utf8' });
  return out.stdout.split('\n').filter(Boolean).length;
};

const login = (url: string, email: string, password: string) =>
  fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

describe('npm start', () => {
  it('seeds once with a printed random password, keeps data across restarts and stops cleanly on signals', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-start-'));
    const first = await startProduct({ DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    const printed = /sign in as (\S+) with password (\S+)/.exec(first.output());
    expect(printed).not.toBeNull();
    const [, email, password] = printed!;
    expect((await login(first.url, email!, password!)).status).toBe(200);
    expect(javaProcessesFor(dataDir)).toBe(1);
    expect(await first.stop('SIGINT')).toBe(0);
    expect(javaProcessesFor(dataDir)).toBe(0);

    const second = await startProduct({ DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    expect(second.output()).not.toMatch(/with password/);
    expect((await login(second.url, email!, password!)).status).toBe(200);
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
