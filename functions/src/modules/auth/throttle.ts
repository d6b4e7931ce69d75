/**
 * Sign-in throttling, per e-mail and per client address in 15-minute windows. Every attempt is counted atomically
 * before any password is checked, so concurrent guesses cannot all slip under the limit. From the 5th attempt
 * each failure is answered more slowly; past the limit, one attempt is let through per waiting time, which
 * doubles with each further failure (30 s, 1 min, 2 min ... up to the window): the owner of an attacked account
 * waits, and is never locked out for good.
 */
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { addAttempt, addFailure, claimAttemptSlot, clearFailures } from './auth.repository.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const SLOW_DOWN_AFTER = 4;
export const BLOCK_AFTER = 10;
/** per-address limit is looser: many agents of one office share an address */
export const BLOCK_ADDRESS_AFTER = 50;
const DELAY_STEP_MS = 250;
const MAX_DELAY_MS = 2000;
const FIRST_WAIT_MS = 30_000;

type Ref = { kind: 'email' | 'ip' | 'reset'; value: string };

const windowOf = (ms: number) => Math.floor(ms / THROTTLE_WINDOW_MS);
const expiryOf = (window: number) => Math.floor(((window + 1) * THROTTLE_WINDOW_MS) / 1000) + 60;

const blocked = (retryAfterSeconds: number) =>
  new AppError('ERR_TOO_MANY_ATTEMPTS', 'Too many attempts, try again later', { details: { retryAfterSeconds } });

const secondsLeft = (nowMs: number) => Math.max(1, Math.ceil(((windowOf(nowMs) + 1) * THROTTLE_WINDOW_MS - nowMs) / 1000));

/** How long the next attempt waits after `failures` failures against a limit: doubling, at most one window. */
export const waitAfter = (failures: number, limit: number): number =>
  Math.min(THROTTLE_WINDOW_MS, FIRST_WAIT_MS * 2 ** Math.max(0, failures - limit));

/**
 * Counts a sign-in attempt for the e-mail and the address and lets it through, or throws 429 with the seconds to
 * wait. Answers the attempt's number for the e-mail, which sets the slow-down of a failure.
 */
export const admitAttempt = async (email: Ref, address: Ref): Promise<number> => {
  const now = clock().now().getTime();
  const window = windowOf(now);
  const [byEmail, byAddress] = await Promise.all([
    addAttempt(email, window, expiryOf(window)),
    addAttempt(address, window, expiryOf(window)),
  ]);
  // an e-mail's attempts count (a success clears them); an address's failures only, for offices behind one address
  const gates = [
    { over: byEmail.attempts > BLOCK_AFTER, ref: email, failures: byEmail.failures, limit: BLOCK_AFTER },
    { over: byAddress.failures >= BLOCK_ADDRESS_AFTER, ref: address, failures: byAddress.failures, limit: BLOCK_ADDRESS_AFTER },
  ];
  for (const gate of gates) {
    if (!gate.over) continue;
    // one caller takes the slot; the others, at the same moment or later, wait for the failure's outcome
    const slot = await claimAttemptSlot(gate.ref, window, now, now + waitAfter(gate.failures, gate.limit));
    if (!slot.ok) throw blocked(Math.max(1, Math.ceil((slot.nextAllowedAt - now) / 1000)));
  }
  return byEmail.attempts;
};

/** Counts a failure for both, sets the waiting time once over a limit, and waits the slow-down the attempt calls for. */
export const recordFailure = async (
  email: Ref,
  address: Ref,
  attempt: number,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<void> => {
  const now = clock().now().getTime();
  const window = windowOf(now);
  const until = (limit: number) => (failures: number) => (failures >= limit ? now + waitAfter(failures, limit) : undefined);
  await Promise.all([
    addFailure(email, window, expiryOf(window), until(BLOCK_AFTER)),
    addFailure(address, window, expiryOf(window), until(BLOCK_ADDRESS_AFTER)),
  ]);
  const over = attempt - SLOW_DOWN_AFTER;
  if (over > 0) await sleep(Math.min(MAX_DELAY_MS, over * DELAY_STEP_MS));
};

export const forgetFailures = (email: Ref): Promise<void> => clearFailures(email, windowOf(clock().now().getTime()));

/** Generic per-key counter for other abuse-prone public calls (signup, password-reset mails, web chat). */
export const countAttempt = async (ref: Ref, limit: number): Promise<void> => {
  const now = clock().now().getTime();
  const window = windowOf(now);
  const { attempts } = await addAttempt(ref, window, expiryOf(window));
  if (attempts > limit) throw blocked(secondsLeft(now));
};
