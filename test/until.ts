/**
 * Asks `probe` again until `ok` holds of its answer, and answers that; fails with the last answer after `timeoutMs`.
 * With every function isolated, a change one function made reaches another once that one's copy of it runs out:
 * a test waits for what the other function shows, as a client of the deployment would.
 */
export const until = async <T>(probe: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not reached: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
