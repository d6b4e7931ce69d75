/** All table access of tags. */
import { BatchGetCommand, GetCommand, TransactWriteCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../../platform/table/client.ts';
import { isTransactionConflict } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import {
  conditionHeld,
  deleteItem,
  insertClaimingMarker,
  putNewMarker,
  replaceMovingMarker,
  transactUnlessStale,
} from '../../platform/table/guarded-writes.ts';
import { companyPk } from '../../platform/table/keys.ts';
import {
  laneCounterKey,
  lanePositionKey,
  tagNameMarkerKey,
  tagNameOf,
  type LanePositionItem,
  type TagNameMarkerItem,
} from './tag.entity.ts';
import { TAG_SK_PREFIX, tagKey, type TagItem, type TagRecord } from '../tag-records/tag.entity.ts';
import { stripTag } from '../tag-records/tag-records.repository.ts';
import { queryAll } from '../../platform/table/paging.ts';

const BATCH_GET_SIZE = 100;
const CONFLICT_RETRIES = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The tag item is also written by every contact transaction that tags or untags (its contactCount), so a tag's own
 * transaction may collide with one of those: it is tried again, as the contacts' transactions are.
 */
const retryingConflicts = async <T>(write: () => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= CONFLICT_RETRIES) throw error;
      await sleep(20 * 2 ** attempt + Math.floor(Math.random() * 20));
    }
  }
};

/** The items of `keys`, one BatchGet per 100 keys; the keys DynamoDB leaves unprocessed are asked again (at most 5 times). */
const batchGet = async (keys: Record<string, unknown>[]): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_SIZE) {
    let pending: Record<string, unknown>[] | undefined = keys.slice(i, i + BATCH_GET_SIZE);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 5) throw new Error('BatchGet left keys unprocessed');
      const out: BatchGetCommandOutput = await table().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }),
      );
      items.push(...(out.Responses?.[tableName()] ?? []));
      pending = out.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return items;
};

export const getTags = async (companyId: number, ids: number[]): Promise<Map<number, TagRecord>> => {
  const found = new Map<number, TagRecord>();
  for (const item of await batchGet([...new Set(ids)].map((id) => tagKey(companyId, id)))) {
    const record = stripTag(item as TagItem);
    if (record.companyId === companyId) found.set(record.id, record);
  }
  return found;
};

/** Every tag of the company in id order (a company has few; one Query page after another). */
export const listTags = async (companyId: number): Promise<TagRecord[]> => {
  const items = await queryAll<TagItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ':prefix': TAG_SK_PREFIX },
  });
  return items.map(stripTag);
};

const tagNameMarker = (record: TagRecord): TagNameMarkerItem => ({
  ...tagNameMarkerKey(record.companyId, record.name),
  type: 'tagName',
  companyId: record.companyId,
  tagId: record.id,
});

/** Writes the tag with its name marker; 'duplicate' (nothing written) when the company has that name already. */
export const insertTag = (record: TagRecord): Promise<'created' | 'duplicate'> => {
  const item: TagItem = {
    ...tagKey(record.companyId, record.id),
    type: 'tag',
    ...record,
    contactCount: 0,
    contactsCounted: true,
  };
  return insertClaimingMarker(tagNameMarker(record), [putNewMarker(item)], `Tag ${record.id} of company ${record.companyId}`);
};

export const tagNameTaken = async (companyId: number, name: string): Promise<boolean> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: tagNameMarkerKey(companyId, name) }));
  return out.Item !== undefined;
};

/**
 * Replaces the tag if it still reads as `before` (same updatedAt); a new name moves its marker in the same
 * transaction. 'stale' when someone changed or deleted it meanwhile, 'duplicate' when the new name is taken.
 */
export const replaceTag = (before: TagRecord, after: TagRecord): Promise<'ok' | 'stale' | 'duplicate'> => {
  const renamed = tagNameOf(before.name) !== tagNameOf(after.name);
  // an Update of the tag's own fields: a Put of what was read would undo contact counts moved since
  const { id: _id, companyId: _cid, createdAt: _created, contactCount: _count, ...fields } = after;
  const names = Object.keys(fields).filter((k) => fields[k as keyof typeof fields] !== undefined);
  const update: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: tagKey(after.companyId, after.id),
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ConditionExpression: 'updatedAt = :seen',
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      ExpressionAttributeValues: {
        ':seen': before.updatedAt,
        ...Object.fromEntries(names.map((n, i) => [`:f${i}`, fields[n as keyof typeof fields]])),
      },
    },
  };
  const move = renamed ? { marker: tagNameMarker(after), from: tagNameMarkerKey(before.companyId, before.name) } : undefined;
  return retryingConflicts(() => replaceMovingMarker(update, move));
};

/** Deletes the tag and its name marker; 'stale' when it changed since it was read. */
export const deleteTagItems = (record: TagRecord): Promise<'ok' | 'stale'> =>
  retryingConflicts(() =>
    transactUnlessStale([
      {
        Delete: {
          TableName: tableName(),
          Key: tagKey(record.companyId, record.id),
          ConditionExpression: 'updatedAt = :seen',
          ExpressionAttributeValues: { ':seen': record.updatedAt },
        },
      },
      deleteItem(tagNameMarkerKey(record.companyId, record.name)),
    ]),
  );

// ----- kanban lanes: where each ticket stands and how many stand in each lane -----

export const getLanePosition = async (companyId: number, ticketId: number): Promise<LanePositionItem | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: lanePositionKey(companyId, ticketId), ConsistentRead: true }),
  );
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
  return conditionHeld(() => table().send(new TransactWriteCommand({ TransactItems: items })));
};

/** The number of tickets standing in each of these lanes (one BatchGet per 100 lanes). */
export const getLaneCounts = async (companyId: number, tagIds: number[]): Promise<Map<number, number>> => {
  const counts = new Map<number, number>();
  for (const item of await batchGet(tagIds.map((id) => laneCounterKey(companyId, id))))
    counts.set(Number(String(item.sk).slice(2)), Math.max(0, Number(item.count ?? 0)));
  return counts;
};
