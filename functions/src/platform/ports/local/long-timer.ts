/**
 * A timer for any moment, however far away. Node fires a setTimeout longer than 2^31-1 ms (about 24.8 days)
 * after 1 ms instead, so long waits are chained in chunks that each fit. The wait is measured on the product's
 * clock, so a clock held still (tests of timed rules) holds the timers still with it.
 */
import { clock } from '../../clock.ts';

export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface LongTimer {
  clear(): void;
}

export const setLongTimeout = (fire: () => void, at: Date | number): LongTimer => {
  const due = typeof at === 'number' ? at : at.getTime();
  let handle: NodeJS.Timeout | undefined;
  const arm = (): void => {
    const wait = due - clock().now().getTime();
    if (wait > MAX_TIMEOUT_MS) {
      handle = setTimeout(arm, MAX_TIMEOUT_MS);
    } else {
      handle = setTimeout(
        () => {
          handle = undefined;
          fire();
        },
        Math.max(0, wait),
      );
    }
  };
  arm();
  return {
    clear: () => {
      if (handle) clearTimeout(handle);
      handle = undefined;
    },
  };
};
