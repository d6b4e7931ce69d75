/** All table access of tags. */
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../../platform/table/client.ts';
import { failedTransactionItem, isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { companyPk } from '../../platform/table/keys.ts';
import {
  laneCounterKey,
  lanePositionKey,
  TAG_SK_PREFIX,
  tagKey,
  tagNameMarkerKey,
  tagNameOf,
  type LanePositionItem,
  type TagItem,
  type TagNameMarkerItem,
  type TagRecord,
} from './tag.entity.ts';

const BATCH_GET_SIZE = 100;

const strip = (item: TagItem): TagRecord => {
  const { pk: _pk, sk: _sk, type: _t, ...record } = item;
  return record;
};

export const getTag = async (companyId: number, id: number): Promise<TagRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: tagKey(companyId, id) }));
  return out.Item ? strip(out.Item as TagItem) : undefined;
};

export const getTags = async (companyId: number, ids: number[]): Promise<Map<number, TagRecord>> => {
  const found = new Map<number, TagRecord>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BATCH_GET_SIZE) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + BATCH_GET_SIZE).map((id) => tagKey(companyId, id));
    for (let attempt = 0; keys && keys.length > 0; attempt++) {
      if (attempt > 5) throw new Error('BatchGet left keys unprocessed');
      const out: BatchGetCommandOutput = await table().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
      for (const item of out.Responses?.[tableName()] ?? []) {
        const record = strip(item as TagItem);
        if (record.companyId === companyId) found.set(record.id, record);
      }
      keys = out.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
};

/** Every tag of the company in id order (a company has few; one Query page after another). */
export const listTags = async (companyId: number): Promise<TagRecord[]> => {
  const found: TagRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await table().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': companyPk(companyId), ':prefix': TAG_SK_PREFIX },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map((i) => strip(i as TagItem)));
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
};

/** Writes the tag with its name marker; 'duplicate' (nothing written) when the company has that name already. */
export const insertTag = async (record: TagRecord): Promise<'created' | 'duplicate'> => {
  const item: TagItem = { ...tagKey(record.companyId, record.id), type: 'tag', ...record };
  const marker: TagNameMarkerItem = {
    ...tagNameMarkerKey(record.companyId, record.name),
    type: 'tagName',
    companyId: record.companyId,
    tagId: record.id,
  };
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (isConditionalCheckFailure(error) && failedTransactionItem(error) === 0) return 'duplicate';
    throw error;
  }
};

export const tagNameTaken = async (companyId: number, name: string): Promise<boolean> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: tagNameMarkerKey(companyId, name) }));
  return out.Item !== undefined;
};

/**
 * Replaces the tag if it still reads as `before` (same updatedAt); a new name moves its marker in the same
 * transaction. 'stale' when someone changed or deleted it meanwhile, 'duplicate' when the new name is taken.
 */
export const replaceTag = async (before: TagRecord, after: TagRecord): Promise<'ok' | 'stale' | 'duplicate'> => {
  const renamed = tagNameOf(before.name) !== tagNameOf(after.name);
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...tagKey(after.companyId, after.id), type: 'tag', ...after } satisfies TagItem,
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': before.updatedAt },
      },
    },
  ];
  if (renamed) {
    const marker: TagNameMarkerItem = { ...tagNameMarkerKey(after.companyId, after.name), type: 'tagName', companyId: after.companyId, tagId: after.id };
    items.push(
      { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Delete: { TableName: tableName(), Key: tagNameMarkerKey(before.companyId, before.name) } },
    );
  }
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return 'ok';
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return failedTransactionItem(error) === 1 ? 'duplicate' : 'stale';
  }
};

/** Deletes the tag and its name marker; 'stale' when it changed since it was read. */
export const deleteTagItems = async (record: TagRecord): Promise<'ok' | 'stale'> => {
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: tagKey(record.companyId, record.id),
              ConditionExpression: 'updatedAt = :seen',
              ExpressionAttributeValues: { ':seen': record.updatedAt },
            },
          },
          { Delete: { TableName: tableName(), Key: tagNameMarkerKey(record.companyId, record.name) } },
        ],
      }),
    );
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'stale';
    throw error;
  }
};

// ----- kanban lanes: where each ticket stands and how many stand in each lane -----

export const getLanePosition = async (companyId: number, ticketId: number): Promise<LanePositionItem | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: lanePositionKey(companyId, ticketId), ConsistentRead: true }));
  return out.Item as LanePositionItem | undefined;
};

/**
 * Moves the ticket's position from lane `from` to lane `to` (either null: in no lane) and both lanes' counters, in
 * one transaction conditioned on the position still being `from`. false when it was not (someone moved it first).
 */
export const moveLanePosition = async (
  companyId: number,
  ticketId: number,
  from: number | null,
  to: number | null,
  enteredAt: string,
): Promise<boolean> => {
  const key = lanePositionKey(companyId, ticketId);
  const condition =
    from === null
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: 'tagId = :from', ExpressionAttributeValues: { ':from': from } };
  const items: TransactItem[] = [
    to === null
      ? { Delete: { TableName: tableName(), Key: key, ...condition } }
      : {
          Put: {
            TableName: tableName(),
            Item: { ...key, type: 'lanePosition', companyId, ticketId, tagId: to, enteredAt } satisfies LanePositionItem,
            ...condition,
          },
        },
  ];
  const count = (tagId: number, delta: number): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: laneCounterKey(companyId, tagId),
      UpdateExpression: 'ADD #count :delta SET companyId = :cid',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':delta': delta, ':cid': companyId },
    },
  });
  if (from !== null) items.push(count(from, -1));
  if (to !== null) items.push(count(to, 1));
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};

/** The number of tickets standing in each of these lanes (one BatchGet per 100 lanes). */
export const getLaneCounts = async (companyId: number, tagIds: number[]): Promise<Map<number, number>> => {
  const counts = new Map<number, number>();
  for (let i = 0; i < tagIds.length; i += BATCH_GET_SIZE) {
    let keys: Record<string, unknown>[] | undefined = tagIds.slice(i, i + BATCH_GET_SIZE).map((id) => laneCounterKey(companyId, id));
    for (let attempt = 0; keys && keys.length > 0; attempt++) {
      if (attempt > 5) throw new Error('BatchGet left keys unprocessed');
      const out: BatchGetCommandOutput = await table().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
      for (const item of out.Responses?.[tableName()] ?? []) counts.set(Number(String(item.sk).slice(2)), Math.max(0, Number(item.count ?? 0)));
      keys = out.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return counts;
};
