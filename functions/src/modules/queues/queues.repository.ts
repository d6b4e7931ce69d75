import { BatchGetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AppError, failedTransactionItem, isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { queryWholePartition } from '../../platform/table/partition.repository.ts';
import { queueColorKey, queueKey, type QueueItem, type QueueRecord } from './queue.entity.ts';

const strip = ({ pk: _pk, sk: _sk, type: _t, ...record }: QueueItem): QueueRecord => record;

export const listQueueRecords = async (companyId: number): Promise<QueueRecord[]> =>
  (await queryWholePartition<QueueItem>(companyPk(companyId), 'QUEUE#')).map(strip);

export const getQueueRecords = async (companyId: number, ids: number[]): Promise<QueueRecord[]> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const out = await table().send(
    new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: unique.map((id) => queueKey(companyId, id)) } } }),
  );
  return ((out.Responses?.[tableName()] ?? []) as QueueItem[]).map(strip);
};

export const insertQueue = async (queue: QueueRecord): Promise<void> => {
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...queueColorKey(queue.companyId, queue.color), type: 'queueColor', queueId: queue.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: tableName(), Item: { ...queueKey(queue.companyId, queue.id), type: 'queue', ...queue }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error) && failedTransactionItem(error) === 0) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    throw error;
  }
};
