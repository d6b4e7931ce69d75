/** All table access of integrations. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { deleteAtRev, replaceAtRev } from '../../platform/table/guarded-writes.ts';
import { byIndexPrefix, queryPage } from '../../platform/table/paging.ts';
import {
  fromQueueIntegrationItem,
  nameOf,
  queueIntegrationKey,
  queueIntegrationsByNamePk,
  toQueueIntegrationItem,
  type QueueIntegrationItem,
  type QueueIntegrationRecord,
} from './queue-integration.entity.ts';

export const getQueueIntegrationRecord = async (companyId: number, id: number): Promise<QueueIntegrationRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: queueIntegrationKey(companyId, id), ConsistentRead: true }),
  );
  const item = out.Item as QueueIntegrationItem | undefined;
  return item && item.type === 'queueIntegration' && item.companyId === companyId ? fromQueueIntegrationItem(item) : undefined;
};

/**
 * Integrations in name order whose name starts with `prefix`, skipping `skip` and answering at most `take` (one
 * Query on the name index; it reads what it skips and returns, never the rest of the company).
 */
export const queryQueueIntegrations = (
  companyId: number,
  options: { prefix?: string; skip: number; take: number },
): Promise<{ records: QueueIntegrationRecord[]; hasMore: boolean }> =>
  queryPage(
    byIndexPrefix(queueIntegrationsByNamePk(companyId), nameOf(options.prefix ?? '')),
    options,
    (i: QueueIntegrationItem) => {
      const record = fromQueueIntegrationItem(i);
      return record.companyId === companyId ? record : undefined;
    },
  );

export const insertQueueIntegration = async (record: QueueIntegrationRecord): Promise<void> => {
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: toQueueIntegrationItem(record),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

/** Replaces the integration read at `before.rev`; 'stale' when someone wrote or deleted it meanwhile. */
export const replaceQueueIntegration = (before: QueueIntegrationRecord, after: QueueIntegrationRecord): Promise<'ok' | 'stale'> =>
  replaceAtRev(toQueueIntegrationItem(after), before.rev);

/** Deletes the integration read at `record.rev`; 'stale' when it changed meanwhile. */
export const deleteQueueIntegrationRecord = (record: QueueIntegrationRecord): Promise<'ok' | 'stale'> =>
  deleteAtRev(queueIntegrationKey(record.companyId, record.id), record.rev);
