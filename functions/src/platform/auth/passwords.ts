/**
 * Password hashing with scrypt from node:crypto: `scrypt$N$r$p$salt$hash`, compared in constant time. New hashes
 * use OWASP's recommended cost (N = 2^17, r = 8, p = 1: 128 MiB and about a third of a second here); a hash made
 * with other parameters still verifies, and `needsRehash` tells the caller to store a new one.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { config } from '../config.ts';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const R = 8;
const P = 1;
const KEYLEN = 32;
/** scrypt needs 128 * N * r bytes; the largest cost we accept (2^20) fits with room to spare */
const MAX_MEMORY = 2 * 128 * 2 ** 20 * R;

/** The cost of new hashes: 2^PASSWORD_SCRYPT_LOG2N, 17 unless the operator sets otherwise. */
const costN = (): number => 2 ** config().PASSWORD_SCRYPT_LOG2N;

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const N = costN();
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: MAX_MEMORY });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
};

const parse = (stored: string) => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // a stored hash decides the work done: refuse parameters no hash of ours has, rather than hang or exhaust memory
  if (!Number.isInteger(Math.log2(params.N)) || params.N < 2 ** 10 || params.N > 2 ** 20 || params.r !== R || params.p !== P)
    return undefined;
  return { ...params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.hash.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: MAX_MEMORY,
  });
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
};

/** Whether a hash was made at another cost than new ones are: store a fresh one after the next good sign-in. */
export const needsRehash = (stored: string): boolean => parse(stored)?.N !== costN();

/** A hash no password matches at the current cost, so unknown e-mails cost the same time as wrong passwords. */
export const dummyHash = (): string =>
  `scrypt$${costN()}$${R}$${P}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEYLEN).toString('base64url')}`;
