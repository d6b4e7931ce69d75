/** All table access of conversation flows. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FlowGraph } from '@switchboard/shared/flows/graph';
import { table, tableName } from '../../platform/table/client.ts';
import {
  deleteItem,
  putItem,
  putNewMarker,
  transactClaimingMarker,
  transactUnlessStale,
} from '../../platform/table/guarded-writes.ts';
import { byIndexPrefix, queryPage } from '../../platform/table/paging.ts';
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
import { strip } from '../../platform/table/strip.ts';

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
): Promise<{ records: FlowRecord[]; hasMore: boolean }> =>
  queryPage(byIndexPrefix(flowsByNamePk(companyId), nameOf(options.prefix ?? '')), options, (i: FlowItem) => {
    const record = strip(i);
    return record.companyId === companyId ? record : undefined;
  });

/** Writes the flow, its name marker and its graph; 'duplicate' (nothing written) when the company has the name. */
export const insertFlow = async (record: FlowRecord, graph: FlowGraph): Promise<'created' | 'duplicate'> => {
  const written = await transactClaimingMarker(
    [
      putNewMarker(flowNameItem(record)),
      putNewMarker(toFlowItem(record)),
      putItem(toFlowGraphItem(record.companyId, record.id, graph, record.updatedAt)),
    ],
    0,
  );
  if (written === 'stale') throw new Error(`Flow ${record.id} of company ${record.companyId} exists already`);
  return written === 'ok' ? 'created' : 'duplicate';
};

/**
 * Replaces the flow read at `before.rev`, moving its name marker when the name changed. 'duplicate' when the new
 * name belongs to another flow, 'stale' when someone wrote it meanwhile.
 */
export const replaceFlow = async (before: FlowRecord, after: FlowRecord): Promise<'ok' | 'duplicate' | 'stale'> => {
  const moved = nameOf(before.name) !== nameOf(after.name);
  const items = [putItem(toFlowItem(after), before.rev)];
  if (moved) items.push(putNewMarker(flowNameItem(after)), deleteItem(flowNameKey(before.companyId, before.name)));
  return transactClaimingMarker(items, moved ? 1 : undefined);
};

/** Writes the graph of the flow read at `record.rev` and moves the flow's updatedAt; 'stale' when the flow changed or went. */
export const putFlowGraph = (record: FlowRecord, graph: FlowGraph, updatedAt: string): Promise<'ok' | 'stale'> =>
  transactUnlessStale([
    putItem(toFlowItem({ ...record, updatedAt, rev: record.rev + 1 }), record.rev),
    putItem(toFlowGraphItem(record.companyId, record.id, graph, updatedAt)),
  ]);

/** Deletes the flow read at `record.rev` with its name marker and graph; 'stale' when it changed meanwhile. */
export const deleteFlowRecord = (record: FlowRecord): Promise<'ok' | 'stale'> =>
  transactUnlessStale([
    deleteItem(flowKey(record.companyId, record.id), record.rev),
    deleteItem(flowNameKey(record.companyId, record.name)),
    deleteItem(flowGraphKey(record.companyId, record.id)),
  ]);
