/**
 * The Scheduler port: EventBridge Scheduler one-time `at()` schedules in AWS (deleted after they run),
 * schedules persisted in the table and armed with timers locally. A schedule always delivers its payload
 * to the `jobs` queue.
 */
export interface ScheduledJob {
  /** unique schedule name within the group; scheduling the same name again replaces it */
  name: string;
  at: Date;
  /** JSON body delivered to the jobs queue */
  payload: Record<string, unknown>;
}

export interface Scheduler {
  schedule(job: ScheduledJob): Promise<void>;
  /** removing a schedule that does not exist is not an error */
  cancel(name: string): Promise<void>;
}
