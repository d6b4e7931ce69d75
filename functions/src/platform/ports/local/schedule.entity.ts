/**
 * Schedules of the local Scheduler, kept in the table so that they survive a restart of the local runtime.
 * Platform-wide (no company): a schedule's payload names its company itself.
 * Access patterns:
 * - put, get and delete a schedule by name: pk SCHEDULE, sk <name>
 * - list every schedule to re-arm them at start: Query pk SCHEDULE, paged
 */
export const SCHEDULE_PK = 'SCHEDULE';
export const scheduleKey = (name: string) => ({ pk: SCHEDULE_PK, sk: name });

export interface StoredSchedule {
  name: string;
  at: Date;
  payload: Record<string, unknown>;
  /** changes on every put, so a fired schedule is deleted only if nobody re-scheduled it meanwhile */
  version: string;
}

export interface ScheduleItem {
  pk: string;
  sk: string;
  type: 'schedule';
  name: string;
  /** ISO-8601 */
  at: string;
  payload: Record<string, unknown>;
  version: string;
  createdAt: string;
}

export const toScheduleItem = (s: StoredSchedule, createdAt: Date): ScheduleItem => ({
  ...scheduleKey(s.name),
  type: 'schedule',
  name: s.name,
  at: s.at.toISOString(),
  payload: s.payload,
  version: s.version,
  createdAt: createdAt.toISOString(),
});

export const toStoredSchedule = (item: ScheduleItem): StoredSchedule => ({
  name: item.name,
  at: new Date(item.at),
  payload: item.payload,
  version: item.version,
});
