/** All table access of conversation flows. */
import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { FlowGraph } from '@switchboard/shared/flows/graph';
import { failedTransactionItem, isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import {
  flowGraphKey,
  flowKey,
  flowNameItem,
  flowNameKey,
  flowsByNamePk,
  nameOf,
  toFlowGraphItem,
  toFlowItem,
  type FlowGraphItem,
  type FlowItem,
  type FlowRecord,
} from './flow.entity.ts';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

const strip = (item: FlowItem): FlowRecord => {
  const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g, gsi1sk: _s, ...record } = item;
  return record;
};

export const getFlow = async (companyId: number, id: number): Promise<FlowRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: flowKey(companyId, id), ConsistentRead: true }));
  const item = out.Item as FlowItem | undefined;
  return item && item.type === 'flow' && item.companyId === companyId ? strip(item) : undefined;
};

export const getFlowGraph = async (companyId: number, id: number): Promise<FlowGraphItem | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: flowGraphKey(companyId, id) }));
  const item = out.Item as FlowGraphItem | undefined;
  return item && item.companyId === companyId ? item : undefined;
};

export const flowNameTaken = async (companyId: number, name: string): Promise<boolean> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: flowNameKey(companyId, name) }));
  return out.Item !== undefined;
};

/**
 * Flows in name order whose name starts with `prefix`, skipping `skip` and answering at most `take` (one Query on
 * the name index; it reads what it skips and returns, never the rest of the company).
 */
export const queryFlows = async (
  companyId: number,
  options: { prefix?: string; skip: number; take: number },
): Promise<{ records: FlowRecord[]; hasMore: boolean }> => {
  const wanted = options.skip + options.take + 1;
  const found: FlowRecord[] = [];
  let start: Record<string, unknown> | undefined;
  const prefix = nameOf(options.prefix ?? '');
  do {
    const out: QueryCommandOutput = await table().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': flowsByNamePk(companyId), ...(prefix ? { ':prefix': prefix } : {}) },
        Limit: wanted - found.length,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map((i) => strip(i as FlowItem)).filter((r) => r.companyId === companyId));
    start = out.LastEvaluatedKey;
  } while (start && found.length < wanted);
  return { records: found.slice(options.skip, options.skip + options.take), hasMore: found.length > options.skip + options.take };
};

/** Writes the flow, its name marker and its graph; 'duplicate' (nothing written) when the company has the name. */
export const insertFlow = async (record: FlowRecord, graph: FlowGraph): Promise<'created' | 'duplicate'> => {
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: flowNameItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: toFlowItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: toFlowGraphItem(record.companyId, record.id, graph, record.updatedAt) } },
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (isConditionalCheckFailure(error) && failedTransactionItem(error) === 0) return 'duplicate';
    throw error;
  }
};

/**
 * Replaces the flow read at `before.rev`, moving its name marker when the name changed. 'duplicate' when the new
 * name belongs to another flow, 'stale' when someone wrote it meanwhile.
 */
export const replaceFlow = async (before: FlowRecord, after: FlowRecord): Promise<'ok' | 'duplicate' | 'stale'> => {
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: toFlowItem(after), ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': before.rev } } },
  ];
  const moved = nameOf(before.name) !== nameOf(after.name);
  if (moved) {
    items.push({ Put: { TableName: tableName(), Item: flowNameItem(after), ConditionExpression: 'attribute_not_exists(pk)' } });
    items.push({ Delete: { TableName: tableName(), Key: flowNameKey(before.companyId, before.name) } });
  }
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return 'ok';
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return moved && failedTransactionItem(error) === 1 ? 'duplicate' : 'stale';
  }
};

/** Writes the graph of the flow read at `record.rev` and moves the flow's updatedAt; 'stale' when the flow changed or went. */
export const putFlowGraph = async (record: FlowRecord, graph: FlowGraph, updatedAt: string): Promise<'ok' | 'stale'> => {
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: toFlowItem({ ...record, updatedAt, rev: record.rev + 1 }),
              ConditionExpression: 'rev = :rev',
              ExpressionAttributeValues: { ':rev': record.rev },
            },
          },
          { Put: { TableName: tableName(), Item: toFlowGraphItem(record.companyId, record.id, graph, updatedAt) } },
        ],
      }),
    );
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'stale';
    throw error;
  }
};

/** Deletes the flow read at `record.rev` with its name marker and graph; 'stale' when it changed meanwhile. */
export const deleteFlowRecord = async (record: FlowRecord): Promise<'ok' | 'stale'> => {
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: flowKey(record.companyId, record.id),
              ConditionExpression: 'rev = :rev',
              ExpressionAttributeValues: { ':rev': record.rev },
            },
          },
          { Delete: { TableName: tableName(), Key: flowNameKey(record.companyId, record.name) } },
          { Delete: { TableName: tableName(), Key: flowGraphKey(record.companyId, record.id) } },
        ],
      }),
    );
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'stale';
    throw error;
  }
};
