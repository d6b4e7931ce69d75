/**
 * The wait before retrying a write that lost a race (a version condition or a transaction conflict): random and
 * growing with the attempt, so that writers racing for one item spread out instead of colliding again.
 */
export const pauseAfterConflict = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
