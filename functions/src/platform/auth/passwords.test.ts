import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../config.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';

const saved = { ...process.env };

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 't',
    WS_MANAGEMENT_ENDPOINT: 'https://ws.example.test',
    PUBLIC_URL: 'https://app.example.test',
  });
  delete process.env.PASSWORD_SCRYPT_LOG2N;
  resetConfig();
});

afterAll(() => {
  process.env = saved;
  resetConfig();
});

describe('password hashes', () => {
  it("are made at OWASP's cost by default (N = 2^17, r = 8, p = 1) and verify", async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('still verify at an older cost, and are marked for a new hash', async () => {
    process.env.PASSWORD_SCRYPT_LOG2N = '14';
    resetConfig();
    const old = await hashPassword('secret-pass');
    delete process.env.PASSWORD_SCRYPT_LOG2N;
    resetConfig();
    expect(old).toMatch(/^scrypt\$16384\$/);
    expect(await verifyPassword('secret-pass', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('refuse stored parameters no hash of ours has, without doing their work', async () => {
    const salt = Buffer.alloc(16).toString('base64url');
    const hash = Buffer.alloc(32).toString('base64url');
    const started = performance.now();
    expect(await verifyPassword('x', `scrypt$${2 ** 30}$8$1$${salt}$${hash}`)).toBe(false);
    expect(await verifyPassword('x', `scrypt$1000$8$1$${salt}$${hash}`)).toBe(false);
    expect(await verifyPassword('x', `bcrypt$10$${hash}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
