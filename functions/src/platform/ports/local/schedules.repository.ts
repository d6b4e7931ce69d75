import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { clock } from '../../clock.ts';
import { table, tableName } from '../../table/client.ts';
import { conditionHeld } from '../../table/guarded-writes.ts';
import {
  SCHEDULE_PK,
  scheduleKey,
  toScheduleItem,
  toStoredSchedule,
  type ScheduleItem,
  type StoredSchedule,
} from './schedule.entity.ts';
import { queryPages } from '../../../platform/table/paging.ts';

/** Creates or replaces the schedule of that name. */
export const putSchedule = async (schedule: StoredSchedule): Promise<void> => {
  await table().send(new PutCommand({ TableName: tableName(), Item: toScheduleItem(schedule, clock().now()) }));
};

export const getSchedule = async (name: string): Promise<StoredSchedule | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: scheduleKey(name), ConsistentRead: true }));
  return out.Item ? toStoredSchedule(out.Item as ScheduleItem) : undefined;
};

export const deleteSchedule = async (name: string): Promise<void> => {
  await table().send(new DeleteCommand({ TableName: tableName(), Key: scheduleKey(name) }));
};

/** Deletes the schedule only while it still holds `version`; answers false when it was replaced or removed. */
export const deleteScheduleIfVersion = async (name: string, version: string): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: scheduleKey(name),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': version },
      }),
    ),
  );
};

/** Every stored schedule, one Query page at a time (only read when the local runtime starts). */
export async function* listSchedules(pageSize?: number): AsyncGenerator<StoredSchedule[]> {
  const query = { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': SCHEDULE_PK } };
  for await (const page of queryPages<ScheduleItem>(query, { limit: pageSize })) yield page.items.map(toStoredSchedule);
}
