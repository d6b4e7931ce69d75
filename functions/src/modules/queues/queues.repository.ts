/** All table access of queues and their option trees (access patterns in queue.entity.ts). */
import { BatchGetCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { failedTransactionItem, isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { bumpSetRev, okUnlessStale } from '../../platform/table/guarded-writes.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { queryWholePartition } from '../../platform/table/partition.repository.ts';
import {
  queueChatbotsKey,
  queueColorItem,
  queueColorKey,
  queueKey,
  toQueueChatbotsItem,
  toQueueItem,
  type QueueChatbots,
  type QueueChatbotsItem,
  type QueueItem,
  type QueueRecord,
} from './queue.entity.ts';
import { strip } from '../../platform/table/strip.ts';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export const listQueueRecords = async (companyId: number): Promise<QueueRecord[]> =>
  (await queryWholePartition<QueueItem>(companyPk(companyId), 'QUEUE#')).map(strip);

export const getQueueRecords = async (companyId: number, ids: number[]): Promise<QueueRecord[]> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found: QueueRecord[] = [];
  // BatchGetItem takes 100 keys a call
  for (let i = 0; i < unique.length; i += 100) {
    const out = await table().send(
      new BatchGetCommand({
        RequestItems: { [tableName()]: { Keys: unique.slice(i, i + 100).map((id) => queueKey(companyId, id)) } },
      }),
    );
    found.push(...((out.Responses?.[tableName()] ?? []) as QueueItem[]).map(strip));
  }
  return found;
};

export const getQueueRecord = async (companyId: number, id: number): Promise<QueueRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: queueKey(companyId, id), ConsistentRead: true }));
  const item = out.Item as QueueItem | undefined;
  return item && item.companyId === companyId ? strip(item) : undefined;
};

export const getQueueChatbots = async (companyId: number, id: number): Promise<QueueChatbots> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: queueChatbotsKey(companyId, id), ConsistentRead: true }),
  );
  const item = out.Item as QueueChatbotsItem | undefined;
  return item && item.companyId === companyId
    ? { chatbots: item.chatbots, optionSeq: item.optionSeq }
    : { chatbots: [], optionSeq: 0 };
};

/**
 * The company's queue set: { rev }, bumped by every queue creation. A creation that checked the plan's limit
 * against the list it read is written only if no other creation got in since (the rev it read), so two at once
 * cannot both pass the limit.
 */
const queueSetKey = (companyId: number) => ({ pk: companyPk(companyId), sk: 'QUEUESET' });

export const readQueueSetRev = async (companyId: number): Promise<number> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: queueSetKey(companyId), ConsistentRead: true }));
  return (out.Item as { rev?: number } | undefined)?.rev ?? 0;
};

/**
 * Writes a new queue with its colour marker (and its option tree); 'colorTaken' (nothing written) on a clash;
 * with `setRev` (the queue set's rev read before the list), 'stale' when another queue was created meanwhile.
 */
export const insertQueue = async (
  queue: QueueRecord,
  chatbots?: QueueChatbots,
  setRev?: number,
): Promise<'created' | 'colorTaken' | 'stale'> => {
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: queueColorItem(queue), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: tableName(), Item: toQueueItem(queue), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (setRev !== undefined) items.push(bumpSetRev(queueSetKey(queue.companyId), setRev, 'queueSet', queue.companyId));
  if (chatbots) items.push({ Put: { TableName: tableName(), Item: toQueueChatbotsItem(queue.companyId, queue.id, chatbots) } });
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return 'created';
  } catch (error) {
    if (isConditionalCheckFailure(error) && failedTransactionItem(error) === 0) return 'colorTaken';
    if (isConditionalCheckFailure(error) && setRev !== undefined && failedTransactionItem(error) === 2) return 'stale';
    throw error;
  }
};

const revCondition = (before: QueueRecord) =>
  before.rev === undefined
    ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(rev)' }
    : { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': before.rev } };

/**
 * Replaces the queue read at `before.rev` and its option tree, moving the colour marker when the colour changed.
 * 'colorTaken' when another queue has the new colour, 'stale' when someone wrote the queue meanwhile.
 */
export const replaceQueue = async (
  before: QueueRecord,
  after: QueueRecord,
  chatbots: QueueChatbots,
): Promise<'ok' | 'colorTaken' | 'stale'> => {
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: toQueueItem(after), ...revCondition(before) } },
    { Put: { TableName: tableName(), Item: toQueueChatbotsItem(after.companyId, after.id, chatbots) } },
  ];
  const moved = before.color.trim().toLowerCase() !== after.color.trim().toLowerCase();
  if (moved) {
    items.push({ Put: { TableName: tableName(), Item: queueColorItem(after), ConditionExpression: 'attribute_not_exists(pk)' } });
    items.push({ Delete: { TableName: tableName(), Key: queueColorKey(before.companyId, before.color) } });
  }
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return 'ok';
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return moved && failedTransactionItem(error) === 2 ? 'colorTaken' : 'stale';
  }
};

/** Deletes the queue read at `record.rev` with its option tree and colour marker; 'stale' when it changed meanwhile. */
export const deleteQueueRecord = async (record: QueueRecord): Promise<'ok' | 'stale'> => {
  return okUnlessStale(() =>
    table().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: queueKey(record.companyId, record.id), ...revCondition(record) } },
          { Delete: { TableName: tableName(), Key: queueChatbotsKey(record.companyId, record.id) } },
          { Delete: { TableName: tableName(), Key: queueColorKey(record.companyId, record.color) } },
        ],
      }),
    ),
  );
};
