/**
 * Login throttling: failures are counted per e-mail and per client address in 15-minute windows.
 * From the 5th failure each answer is slowed down; from the 10th the caller gets 429 until the window ends.
 */
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { addFailure, clearFailures, getFailures } from './auth.repository.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const SLOW_DOWN_AFTER = 4;
export const BLOCK_AFTER = 10;
/** per-address limit is looser: many agents of one office share an address */
export const BLOCK_ADDRESS_AFTER = 50;
const DELAY_STEP_MS = 250;
const MAX_DELAY_MS = 2000;

type Ref = { kind: 'email' | 'ip' | 'reset'; value: string };

const windowOf = (ms: number) => Math.floor(ms / THROTTLE_WINDOW_MS);

const blocked = (retryAfterSeconds: number) =>
  new AppError('ERR_TOO_MANY_ATTEMPTS', 'Too many attempts, try again later', { details: { retryAfterSeconds } });

const secondsLeft = (nowMs: number) => Math.max(1, Math.ceil(((windowOf(nowMs) + 1) * THROTTLE_WINDOW_MS - nowMs) / 1000));

/** Throws 429 when the e-mail or the address is over its limit in this window. */
export const assertNotBlocked = async (email: Ref, address: Ref): Promise<void> => {
  const now = clock().now().getTime();
  const [byEmail = 0, byAddress = 0] = await getFailures([email, address], windowOf(now));
  if (byEmail >= BLOCK_AFTER || byAddress >= BLOCK_ADDRESS_AFTER) throw blocked(secondsLeft(now));
};

/** Counts a failure for both and waits the slow-down delay the count calls for. */
export const recordFailure = async (email: Ref, address: Ref, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<void> => {
  const now = clock().now().getTime();
  const window = windowOf(now);
  const expiresAt = Math.floor(((window + 1) * THROTTLE_WINDOW_MS) / 1000) + 60;
  const [byEmail] = await Promise.all([addFailure(email, window, expiresAt), addFailure(address, window, expiresAt)]);
  const over = byEmail - SLOW_DOWN_AFTER;
  if (over > 0) await sleep(Math.min(MAX_DELAY_MS, over * DELAY_STEP_MS));
};

export const forgetFailures = (email: Ref): Promise<void> => clearFailures(email, windowOf(clock().now().getTime()));

/** Generic per-key counter for other abuse-prone public calls (password-reset mails). */
export const countAttempt = async (ref: Ref, limit: number): Promise<void> => {
  const now = clock().now().getTime();
  const window = windowOf(now);
  const count = await addFailure(ref, window, Math.floor(((window + 1) * THROTTLE_WINDOW_MS) / 1000) + 60);
  if (count > limit) throw blocked(secondsLeft(now));
};
