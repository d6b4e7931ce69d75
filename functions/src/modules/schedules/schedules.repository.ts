/** All table access of scheduled messages. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { deleteExisting } from '../../platform/table/guarded-writes.ts';
import { companyPk } from '../../platform/table/keys.ts';
import {
  SCHEDULE_SK_PREFIX,
  scheduleContactIndex,
  scheduleKey,
  type ScheduleItem,
  type ScheduleRecord,
} from './schedule.entity.ts';
import { queryPage } from '../../platform/table/paging.ts';
import { strip } from '../../platform/table/strip.ts';

/** Somebody else wrote the schedule between our read and our write. */
export class ScheduleChanged extends Error {
  constructor() {
    super('The schedule changed meanwhile');
    this.name = 'ScheduleChanged';
  }
}

const itemOf = (record: ScheduleRecord): ScheduleItem => ({
  ...scheduleKey(record.companyId, record.id),
  type: 'scheduledMessage',
  ...scheduleContactIndex(record.companyId, record.contactId, record.id),
  ...record,
});

export const getScheduleRecord = async (companyId: number, id: number): Promise<ScheduleRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: scheduleKey(companyId, id), ConsistentRead: true }),
  );
  return out.Item ? strip(out.Item as ScheduleItem) : undefined;
};

export const insertSchedule = async (record: ScheduleRecord): Promise<void> => {
  await table().send(
    new PutCommand({ TableName: tableName(), Item: itemOf(record), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
};

/**
 * Replaces the schedule if nobody wrote it since `before` was read (its rev); the new record's rev is before's
 * plus one. Throws ScheduleChanged otherwise (also when it was deleted).
 */
export const replaceSchedule = async (before: ScheduleRecord, after: ScheduleRecord): Promise<ScheduleRecord> => {
  const next = { ...after, rev: before.rev + 1 };
  try {
    await table().send(
      new PutCommand({
        TableName: tableName(),
        Item: itemOf(next),
        ConditionExpression: 'attribute_exists(pk) AND rev = :rev',
        ExpressionAttributeValues: { ':rev': before.rev },
      }),
    );
    return next;
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new ScheduleChanged();
    throw error;
  }
};

export const deleteScheduleRecord = (companyId: number, id: number): Promise<boolean> =>
  deleteExisting(scheduleKey(companyId, id));

/**
 * One page of the company's schedules (or one contact's), newest created first, optionally only those whose
 * searchText contains every word of `search`. Reads Query pages until the page and one more match are found,
 * so the cost follows the page asked for, not the number of schedules.
 */
export const querySchedules = async (
  companyId: number,
  options: { contactId?: number; words: string[]; skip: number; take: number },
): Promise<{ records: ScheduleRecord[]; hasMore: boolean }> => {
  const filterValues = Object.fromEntries(options.words.map((w, i) => [`:w${i}`, w]));
  const filter = options.words.map((_w, i) => `contains(searchText, :w${i})`).join(' AND ');
  const byContact = options.contactId !== undefined;
  return queryPage(
    {
      ...(byContact
        ? {
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: {
              ':pk': scheduleContactIndex(companyId, options.contactId!, 0).gsi1pk,
              ...filterValues,
            },
          }
        : {
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': companyPk(companyId), ':prefix': SCHEDULE_SK_PREFIX, ...filterValues },
          }),
      ...(filter ? { FilterExpression: filter } : {}),
      ScanIndexForward: false,
    },
    // a filtered page reads a little more per Query, and no Query reads more than 200
    { skip: options.skip, take: options.take, pageLimit: (missing) => Math.min(200, missing + (filter ? 50 : 0)) },
    (i: ScheduleItem) => strip(i),
  );
};
