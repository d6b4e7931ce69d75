/**
 * The Scheduler port of the local runtime: each schedule is stored in the table and armed with a timer; when
 * due, its payload goes to the `jobs` queue and the item is deleted. `start()` re-arms what is stored, so
 * schedules survive a restart and the ones that came due while the process was down fire at once.
 *
 * Delivery is at least once, as with EventBridge Scheduler: the payload is sent before the item is deleted,
 * so a crash in between fires it again at the next start and job handlers must be idempotent.
 */
import { randomUUID } from 'node:crypto';
import { logger } from '../../logger.ts';
import type { Queue } from '../queue.ts';
import { scheduledJobBody } from '../scheduled-job.ts';
import type { ScheduledJob, Scheduler } from '../scheduler.ts';
import { setLongTimeout, type LongTimer } from './long-timer.ts';
import type { StoredSchedule } from './schedule.entity.ts';
import { deleteSchedule, deleteScheduleIfVersion, getSchedule, listSchedules, putSchedule } from './schedules.repository.ts';

export interface LocalSchedulerOptions {
  /** where due payloads are sent (to its `jobs` queue) */
  queue: Queue;
  /** Query page size when re-arming at start; DynamoDB's 1 MB pages when omitted */
  pageSize?: number;
  /** wait before sending again a payload the queue refused (default 5 s) */
  retryDelayMs?: number;
}

interface Armed {
  schedule: StoredSchedule;
  timer: LongTimer;
}

export class LocalScheduler implements Scheduler {
  private readonly armed = new Map<string, Armed>();
  private readonly firing = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly options: LocalSchedulerOptions) {}

  /** Arms every stored schedule; overdue ones fire at once. */
  async start(): Promise<void> {
    this.stopped = false;
    for await (const page of listSchedules(this.options.pageSize)) {
      for (const schedule of page) {
        if (this.armed.get(schedule.name)?.schedule.version !== schedule.version) this.arm(schedule);
      }
    }
  }

  async schedule(job: ScheduledJob): Promise<void> {
    const body = scheduledJobBody(job);
    // stored as the JSON the queue will carry, so a restart delivers exactly what an uninterrupted run would
    const schedule: StoredSchedule = {
      name: job.name,
      at: new Date(job.at.getTime()),
      payload: JSON.parse(body) as Record<string, unknown>,
      version: randomUUID(),
    };
    await putSchedule(schedule);
    // a stopped scheduler still stores the schedule; the next start arms it
    if (!this.stopped) this.arm(schedule);
  }

  async cancel(name: string): Promise<void> {
    this.disarm(name);
    await deleteSchedule(name);
  }

  /** Clears every timer and waits for schedules being fired right now; stored schedules stay for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const name of [...this.armed.keys()]) this.disarm(name);
    await Promise.allSettled([...this.firing]);
  }

  /** The schedules waiting on a timer in this process, soonest first. */
  armedSchedules(): { name: string; at: Date }[] {
    return [...this.armed.values()]
      .map(({ schedule }) => ({ name: schedule.name, at: new Date(schedule.at.getTime()) }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  private arm(schedule: StoredSchedule, at: Date = schedule.at): void {
    this.disarm(schedule.name);
    const entry: Armed = { schedule, timer: { clear: () => undefined } };
    entry.timer = setLongTimeout(() => this.track(this.fire(entry)), at);
    this.armed.set(schedule.name, entry);
  }

  private disarm(name: string): void {
    this.armed.get(name)?.timer.clear();
    this.armed.delete(name);
  }

  private track(run: Promise<void>): void {
    this.firing.add(run);
    void run.finally(() => this.firing.delete(run));
  }

  private async fire(entry: Armed): Promise<void> {
    const { name, version, payload } = entry.schedule;
    if (this.stopped || this.armed.get(name) !== entry) return;
    try {
      await this.options.queue.send('jobs', { body: JSON.stringify(payload) });
    } catch (error) {
      logger.error('Local scheduler could not send a due schedule to the jobs queue; retrying', { name, error });
      if (!this.stopped && this.armed.get(name) === entry)
        this.arm(entry.schedule, new Date(Date.now() + (this.options.retryDelayMs ?? 5000)));
      return;
    }
    if (this.armed.get(name) === entry) this.armed.delete(name);
    try {
      const deleted = await deleteScheduleIfVersion(name, version);
      // someone stored a new version meanwhile: keep it and make sure it is armed here
      if (!deleted) await this.adoptStored(name);
    } catch (error) {
      logger.error('Local scheduler sent a schedule but could not delete it; it fires again at the next start', { name, error });
    }
  }

  private async adoptStored(name: string): Promise<void> {
    const stored = await getSchedule(name);
    if (stored && !this.stopped && this.armed.get(name)?.schedule.version !== stored.version) this.arm(stored);
  }
}
