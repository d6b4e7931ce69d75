/**
 * The order in which the test files are handed to the two workers. Vitest gives the next file to whichever worker
 * frees up first, so the order decides what runs beside what. The browser files share one product and may not run
 * two at a time (`one-browser-at-a-time.ts` enforces it); everything else may run beside anything. Left to itself,
 * Vitest puts a project that cannot run two files at once after every other project, so the browser files ran alone on
 * one core at the end of the run. This plan lays them on one worker from the start while the other worker takes the
 * rest, longest first, by simulating the two workers with each file's expected duration.
 */
export interface PlannedFile<T> {
  item: T;
  /** expected duration in milliseconds (the last run's, or an estimate) */
  duration: number;
  /** true for a file that may not run beside another exclusive one */
  exclusive: boolean;
}

export function planOrder<T>(files: PlannedFile<T>[], workers: number): T[] {
  const longestFirst = (a: PlannedFile<T>, b: PlannedFile<T>) => b.duration - a.duration;
  const exclusive = files.filter((f) => f.exclusive).sort(longestFirst);
  const shared = files.filter((f) => !f.exclusive).sort(longestFirst);
  const freeAt = Array.from({ length: Math.max(1, workers) }, () => 0);
  let exclusiveFreeAt = 0;
  const order: T[] = [];
  while (exclusive.length || shared.length) {
    const worker = freeAt.indexOf(Math.min(...freeAt));
    const now = freeAt[worker]!;
    let next: PlannedFile<T>;
    let start = now;
    if (exclusive.length && (exclusiveFreeAt <= now || !shared.length)) {
      next = exclusive.shift()!;
      // with only exclusive files left, this worker waits for the one running to finish
      start = Math.max(now, exclusiveFreeAt);
      exclusiveFreeAt = start + next.duration;
    } else {
      next = shared.shift()!;
    }
    freeAt[worker] = start + next.duration;
    order.push(next.item);
  }
  return order;
}

/** The longest a planned order keeps the workers busy, by the same simulation (for the plan's own test). */
export function plannedSpan<T>(files: PlannedFile<T>[], order: T[], workers: number): number {
  const byItem = new Map(files.map((f) => [f.item, f]));
  const freeAt = Array.from({ length: Math.max(1, workers) }, () => 0);
  let exclusiveFreeAt = 0;
  for (const item of order) {
    const file = byItem.get(item)!;
    const worker = freeAt.indexOf(Math.min(...freeAt));
    const start = file.exclusive ? Math.max(freeAt[worker]!, exclusiveFreeAt) : freeAt[worker]!;
    freeAt[worker] = start + file.duration;
    if (file.exclusive) exclusiveFreeAt = freeAt[worker]!;
  }
  return Math.max(...freeAt);
}
