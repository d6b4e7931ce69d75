/** All table access of scheduled messages. */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { companyPk } from '../../platform/table/keys.ts';
import {
  SCHEDULE_SK_PREFIX,
  scheduleContactIndex,
  scheduleKey,
  type ScheduleItem,
  type ScheduleRecord,
} from './schedule.entity.ts';

/** Somebody else wrote the schedule between our read and our write. */
export class ScheduleChanged extends Error {
  constructor() {
    super('The schedule changed meanwhile');
    this.name = 'ScheduleChanged';
  }
}

const strip = (item: ScheduleItem): ScheduleRecord => {
  const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g1, gsi1sk: _g2, ...record } = item;
  return record;
};

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

export const deleteScheduleRecord = async (companyId: number, id: number): Promise<boolean> => {
  try {
    await table().send(
      new DeleteCommand({ TableName: tableName(), Key: scheduleKey(companyId, id), ConditionExpression: 'attribute_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};

/**
 * One page of the company's schedules (or one contact's), newest created first, optionally only those whose
 * searchText contains every word of `search`. Reads Query pages until the page and one more match are found,
 * so the cost follows the page asked for, not the number of schedules.
 */
export const querySchedules = async (
  companyId: number,
  options: { contactId?: number; words: string[]; skip: number; take: number },
): Promise<{ records: ScheduleRecord[]; hasMore: boolean }> => {
  const wanted = options.skip + options.take + 1;
  const found: ScheduleRecord[] = [];
  const filterValues = Object.fromEntries(options.words.map((w, i) => [`:w${i}`, w]));
  const filter = options.words.map((_w, i) => `contains(searchText, :w${i})`).join(' AND ');
  const byContact = options.contactId !== undefined;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await table().send(
      new QueryCommand({
        TableName: tableName(),
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
        Limit: Math.min(200, wanted - found.length + (filter ? 50 : 0)),
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map((i) => strip(i as ScheduleItem)));
    start = out.LastEvaluatedKey;
  } while (start && found.length < wanted);
  return { records: found.slice(options.skip, options.skip + options.take), hasMore: found.length > options.skip + options.take };
};
