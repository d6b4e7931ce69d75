/** All table access of tags. */
import { BatchGetCommand, GetCommand, TransactWriteCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../../platform/table/client.ts';
import { isConditionalCheckFailure, isTransactionConflict } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { deleteItem, putNewMarker, transactClaimingMarker, transactUnlessStale } from '../../platform/table/guarded-writes.ts';
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

export const getTags = async (companyId: number, ids: number[]): Promise<Map<number, TagRecord>> => {
  const found = new Map<number, TagRecord>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BATCH_GET_SIZE) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + BATCH_GET_SIZE).map((id) => tagKey(companyId, id));
    for (let attempt = 0; keys && keys.length > 0; attempt++) {
      if (attempt > 5) throw new Error('BatchGet left keys unprocessed');
      const out: BatchGetCommandOutput = await table().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }),
      );
      for (const item of out.Responses?.[tableName()] ?? []) {
        const record = stripTag(item as TagItem);
        if (record.companyId === companyId) found.set(record.id, record);
      }
      keys = out.UnprocessedKeys?.[tableName()]?.Keys;
    }
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

/** Writes the tag with its name marker; 'duplicate' (nothing written) when the company has that name already. */
export const insertTag = async (record: TagRecord): Promise<'created' | 'duplicate'> => {
  const item: TagItem = {
    ...tagKey(record.companyId, record.id),
    type: 'tag',
    ...record,
    contactCount: 0,
    contactsCounted: true,
  };
  const marker: TagNameMarkerItem = {
    ...tagNameMarkerKey(record.companyId, record.name),
    type: 'tagName',
    companyId: record.companyId,
    tagId: record.id,
  };
  const written = await transactClaimingMarker([putNewMarker(marker), putNewMarker(item)], 0);
  if (written === 'stale') throw new Error(`Tag ${record.id} of company ${record.companyId} exists already`);
  return written === 'ok' ? 'created' : 'duplicate';
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
  // an Update of the tag's own fields: a Put of what was read would undo contact counts moved since
  const { id: _id, companyId: _cid, createdAt: _created, contactCount: _count, ...fields } = after;
  const names = Object.keys(fields).filter((k) => fields[k as keyof typeof fields] !== undefined);
  const items: TransactItem[] = [
    {
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
    },
  ];
  if (renamed) {
    const marker: TagNameMarkerItem = {
      ...tagNameMarkerKey(after.companyId, after.name),
      type: 'tagName',
      companyId: after.companyId,
      tagId: after.id,
    };
    items.push(putNewMarker(marker), deleteItem(tagNameMarkerKey(before.companyId, before.name)));
  }
  return retryingConflicts(() => transactClaimingMarker(items, renamed ? 1 : undefined));
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
    let keys: Record<string, unknown>[] | undefined = tagIds
      .slice(i, i + BATCH_GET_SIZE)
      .map((id) => laneCounterKey(companyId, id));
    for (let attempt = 0; keys && keys.length > 0; attempt++) {
      if (attempt > 5) throw new Error('BatchGet left keys unprocessed');
      const out: BatchGetCommandOutput = await table().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }),
      );
      for (const item of out.Responses?.[tableName()] ?? [])
        counts.set(Number(String(item.sk).slice(2)), Math.max(0, Number(item.count ?? 0)));
      keys = out.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return counts;
};
