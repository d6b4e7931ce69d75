/**
 * Scheduled messages of a company.
 *
 * Items and access patterns (cid = company id, padId = zero-padded schedule id):
 * - schedule: pk C#<cid>, sk SCHED#<padId>, type 'scheduledMessage': the `schedule` contract's fields (contact,
 *   connection and ticket user denormalised as summaries), plus companyId, userName (for the signature),
 *   searchText (lowercased body and contact name) and rev (bumped by every write; writes are conditioned on it).
 *   - get one by id.
 *   - the company's schedules, newest created first: Query pk C#<cid>, begins_with(sk, 'SCHED#'), descending;
 *     a search filters on searchText within the Query.
 *   - one contact's schedules: gsi1pk C#<cid>#SCHEDCONTACT#<contactId>, gsi1sk <padId> (Query, descending);
 *     rewritten when the schedule changes contact.
 * - ids: counter item from nextId(C#<cid>, 'schedule').
 * The Scheduler schedule that sends it is named after the schedule (scheduleJobName), so arming again replaces it.
 */
import type { Schedule } from '@switchboard/shared/contracts/schedules';
import { companyPk, padId } from '../../platform/table/keys.ts';

export type ScheduleRecord = Omit<Schedule, 'mediaUrl'> & {
  companyId: number;
  userName: string;
  searchText: string;
  rev: number;
};
export type ScheduleItem = ScheduleRecord & { pk: string; sk: string; type: 'scheduledMessage'; gsi1pk: string; gsi1sk: string };

export const SCHEDULE_SK_PREFIX = 'SCHED#';
export const scheduleKey = (companyId: number, id: number) => ({
  pk: companyPk(companyId),
  sk: `${SCHEDULE_SK_PREFIX}${padId(id)}`,
});
export const scheduleContactIndex = (companyId: number, contactId: number, id: number) => ({
  gsi1pk: `${companyPk(companyId)}#SCHEDCONTACT#${contactId}`,
  gsi1sk: padId(id),
});

export const scheduleSearchText = (body: string, contactName: string): string =>
  `${body}\n${contactName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The name of the Scheduler schedule that sends a scheduled message. */
export const scheduleJobName = (companyId: number, id: number): string => `schedule-${companyId}-${id}`;
