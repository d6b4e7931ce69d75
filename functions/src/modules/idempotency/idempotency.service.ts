/**
 * Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field"): a call retried with the same key in the same
 * scope (the external API's connection, an agent's replies) answers the first call's result and does its work once, also when the two arrive together.
 * The first call claims the key with a conditional put; the others read it: the stored answer when it is done,
 * a wait while it runs, 422 when the key came with another request.
 * A claim is a lease: a call that died mid-way (its function timed out or crashed) leaves its key pending, and once
 * the lease is over a retry of the same request claims the key again, instead of finding it locked for the day.
 */
import { createHash } from 'node:crypto';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { IDEMPOTENCY_TTL_SECONDS } from './idempotency.entity.ts';
import { claimKey, readKey, releaseKey, settleKey, type IdempotencyRef } from './idempotency.repository.ts';

/** How long a repeated call waits for the first one to finish before answering 409 (try again). */
export const IN_PROGRESS_WAIT_MS = 10_000;
/**
 * How long a claim without an answer holds its key. A send answers within API Gateway's 30 seconds or never: a claim
 * older than this belongs to a call that died, and a retry may run the work again.
 */
export const IDEMPOTENCY_LEASE_MS = 2 * 60_000;

export interface Answer<T> {
  status: number;
  body: T;
  /** the answer of an earlier call with the key, replayed */
  replayed: boolean;
}

/** The request's fingerprint: what makes two calls with one key the same call. */
export const fingerprintOf = (parts: unknown): string =>
  createHash('sha256').update(JSON.stringify(parts), 'utf8').digest('base64url');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const reused = () =>
  new AppError(
    'ERR_IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was used with a different request; use a new key for a new request',
  );

const inProgress = () =>
  new AppError('ERR_IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed; retry later', {
    details: { retryAfterSeconds: 1 },
  });

/**
 * Runs `work` once per key: the caller that claims the key runs it and stores its answer; the others get that
 * answer. A failure before anything was recorded (`work` throws) gives the key up, so a retry runs afresh.
 */
export const runOnce = async <T>(
  ref: IdempotencyRef | undefined,
  fingerprint: string,
  work: () => Promise<{ status: number; body: T }>,
  options: { waitMs?: number } = {},
): Promise<Answer<T>> => {
  if (!ref) return { ...(await work()), replayed: false };
  const nowMs = clock().now().getTime();
  const nowSeconds = Math.floor(nowMs / 1000);
  const claimedAt = new Date(nowMs).toISOString();
  const claimed = await claimKey(ref, {
    fingerprint,
    createdAt: claimedAt,
    expiresAt: nowSeconds + IDEMPOTENCY_TTL_SECONDS,
    nowSeconds,
    staleBefore: new Date(nowMs - IDEMPOTENCY_LEASE_MS).toISOString(),
  });
  if (claimed) {
    let answer: { status: number; body: T };
    try {
      answer = await work();
    } catch (error) {
      await releaseKey(ref, fingerprint, claimedAt);
      throw error;
    }
    // a call that outlived its lease still answers its caller; the key keeps the answer of the call that took it over
    await settleKey(ref, fingerprint, claimedAt, { status: answer.status, response: JSON.stringify(answer.body) });
    return { ...answer, replayed: false };
  }
  // another call holds the key: its answer, once there is one
  const deadline = Date.now() + (options.waitMs ?? IN_PROGRESS_WAIT_MS);
  for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
    const item = await readKey(ref);
    const at = clock().now().getTime();
    if (!item || item.expiresAt < Math.floor(at / 1000)) {
      // the holder failed and gave the key up (or it expired) meanwhile: this call may claim it
      return runOnce(ref, fingerprint, work, options);
    }
    if (item.fingerprint !== fingerprint) throw reused();
    if (item.state === 'done' && item.status !== undefined && item.response !== undefined) {
      return { status: item.status, body: JSON.parse(item.response) as T, replayed: true };
    }
    // the holder's lease ran out without an answer: it died mid-way, and this retry takes the key over
    if (item.state === 'pending' && Date.parse(item.createdAt) + IDEMPOTENCY_LEASE_MS < at)
      return runOnce(ref, fingerprint, work, options);
    if (Date.now() >= deadline) throw inProgress();
    await sleep(pause);
  }
};
