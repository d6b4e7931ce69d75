import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { resetClock, setClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { IDEMPOTENCY_TTL_SECONDS } from './idempotency.entity.ts';
import { claimKey, readKey } from './idempotency.repository.ts';
import { fingerprintOf, IDEMPOTENCY_LEASE_MS, runOnce } from './idempotency.service.ts';

const T0 = Date.parse('2030-03-01T12:00:00.000Z');
const at = (ms: number) => setClock({ now: () => new Date(ms) });
let serial = 0;
const ref = () => ({ companyId: 7, scope: '3', key: `order-${++serial}` });
const fingerprint = fingerprintOf({ number: '5511999990000', body: 'Pedido' });

/** What a call that died while sending leaves behind: a pending claim made at `ms`, never settled nor released. */
const crashedClaim = (r: ReturnType<typeof ref>, ms: number, fp = fingerprint) =>
  claimKey(r, {
    fingerprint: fp,
    createdAt: new Date(ms).toISOString(),
    expiresAt: Math.floor(ms / 1000) + IDEMPOTENCY_TTL_SECONDS,
    nowSeconds: Math.floor(ms / 1000),
    staleBefore: new Date(ms - IDEMPOTENCY_LEASE_MS).toISOString(),
  });

const codeOf = async (p: Promise<unknown>): Promise<string | undefined> => {
  try {
    await p;
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};

beforeAll(async () => {
  await useTestTable();
});
afterEach(() => resetClock());

describe('an Idempotency-Key whose call died mid-way', () => {
  it('stays locked while the claim is within its lease, and a retry after the lease runs the send once', async () => {
    const r = ref();
    at(T0);
    expect(await crashedClaim(r, T0)).toBe(true);
    let sends = 0;
    const send = async () => ({ status: 201, body: { status: 'SUCCESS', n: ++sends } });

    // a minute later the first call may still be at work: the retry is told to come back, nothing is sent
    at(T0 + 60_000);
    expect(await codeOf(runOnce(r, fingerprint, send, { waitMs: 0 }))).toBe('ERR_IDEMPOTENCY_IN_PROGRESS');
    expect(sends).toBe(0);

    // past the lease the claim is the dead call's: the retry takes the key and sends
    at(T0 + IDEMPOTENCY_LEASE_MS + 1000);
    const retried = await runOnce(r, fingerprint, send, { waitMs: 0 });
    expect(retried).toEqual({ status: 201, body: { status: 'SUCCESS', n: 1 }, replayed: false });

    // and the key now answers that send, without sending again, also much later in the day
    at(T0 + 6 * 60 * 60_000);
    const again = await runOnce(r, fingerprint, send, { waitMs: 0 });
    expect(again).toEqual({ status: 201, body: { status: 'SUCCESS', n: 1 }, replayed: true });
    expect(sends).toBe(1);
  });

  it('answers the stored response of a completed call however old, and never runs it again', async () => {
    const r = ref();
    at(T0);
    let sends = 0;
    const send = async () => ({ status: 201, body: { n: ++sends } });
    expect(await runOnce(r, fingerprint, send)).toMatchObject({ body: { n: 1 }, replayed: false });
    at(T0 + IDEMPOTENCY_LEASE_MS * 10);
    expect(await runOnce(r, fingerprint, send, { waitMs: 0 })).toEqual({ status: 201, body: { n: 1 }, replayed: true });
    expect(sends).toBe(1);
  });

  it('refuses a stale claim to a different request (the key was used for another one)', async () => {
    const r = ref();
    at(T0);
    expect(await crashedClaim(r, T0, fingerprintOf({ body: 'another' }))).toBe(true);
    at(T0 + IDEMPOTENCY_LEASE_MS + 1000);
    let sends = 0;
    expect(await codeOf(runOnce(r, fingerprint, async () => ({ status: 201, body: { n: ++sends } }), { waitMs: 0 }))).toBe(
      'ERR_IDEMPOTENCY_KEY_REUSED',
    );
    expect(sends).toBe(0);
  });

  it('lets exactly one of several retries racing for a stale claim send', async () => {
    const r = ref();
    at(T0);
    await crashedClaim(r, T0);
    at(T0 + IDEMPOTENCY_LEASE_MS + 1000);
    let sends = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = async () => {
      sends += 1;
      await gate;
      return { status: 201, body: { n: sends } };
    };
    const racing = Array.from({ length: 4 }, () => runOnce(r, fingerprint, send));
    // the winner holds the key while the others wait for its answer
    for (let i = 0; i < 200 && sends === 0; i++) await new Promise((resolve) => setImmediate(resolve));
    release();
    const answers = await Promise.all(racing);
    expect(sends).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(answers.every((a) => (a.body as { n: number }).n === 1)).toBe(true);
  });

  it('does not let a call that outlived its lease overwrite the answer of the retry that took over', async () => {
    const r = ref();
    at(T0);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = runOnce(r, fingerprint, async () => {
      await gate;
      return { status: 201, body: { who: 'slow' } };
    });
    // its claim is in place before the clock moves on
    while (!(await readKey(r))) await new Promise((resolve) => setImmediate(resolve));
    at(T0 + IDEMPOTENCY_LEASE_MS + 1000);
    const retry = await runOnce(r, fingerprint, async () => ({ status: 201, body: { who: 'retry' } }), { waitMs: 0 });
    expect(retry.body).toEqual({ who: 'retry' });
    release();
    expect((await slow).body).toEqual({ who: 'slow' });
    expect((await runOnce(r, fingerprint, async () => ({ status: 500, body: { who: 'never' } }), { waitMs: 0 })).body).toEqual({
      who: 'retry',
    });
  });
});
