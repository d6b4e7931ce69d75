/**
 * A timer for any moment, however far away. Node fires a setTimeout longer than 2^31-1 ms (about 24.8 days)
 * after 1 ms instead, so long waits are chained in chunks that each fit.
 */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface LongTimer {
  clear(): void;
}

export const setLongTimeout = (fire: () => void, at: Date | number): LongTimer => {
  const due = typeof at === 'number' ? at : at.getTime();
  let handle: NodeJS.Timeout | undefined;
  const arm = (): void => {
    const wait = due - Date.now();
    if (wait > MAX_TIMEOUT_MS) {
      handle = setTimeout(arm, MAX_TIMEOUT_MS);
    } else {
      handle = setTimeout(() => {
        handle = undefined;
        fire();
      }, Math.max(0, wait));
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
