/** All table access of conversation flows. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FlowGraph } from '@switchboard/shared/flows/graph';
import { table, tableName } from '../../platform/table/client.ts';
import { deleteItem, markedRecordWrites, putItem, transactUnlessStale } from '../../platform/table/guarded-writes.ts';
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

const flowWrites = markedRecordWrites<FlowRecord>({
  describe: (r) => `Flow ${r.id} of company ${r.companyId}`,
  item: toFlowItem,
  key: (r) => flowKey(r.companyId, r.id),
  marker: flowNameItem,
  markerKey: (r) => flowNameKey(r.companyId, r.name),
  mark: (r) => nameOf(r.name),
});

/** Writes the flow, its name marker and its graph; 'duplicate' (nothing written) when the company has the name. */
export const insertFlow = (record: FlowRecord, graph: FlowGraph): Promise<'created' | 'duplicate'> =>
  flowWrites.insert(record, putItem(toFlowGraphItem(record.companyId, record.id, graph, record.updatedAt)));

/**
 * Replaces the flow read at `before.rev`, moving its name marker when the name changed. 'duplicate' when the new
 * name belongs to another flow, 'stale' when someone wrote it meanwhile.
 */
export const replaceFlow = flowWrites.replace;

/** Writes the graph of the flow read at `record.rev` and moves the flow's updatedAt; 'stale' when the flow changed or went. */
export const putFlowGraph = (record: FlowRecord, graph: FlowGraph, updatedAt: string): Promise<'ok' | 'stale'> =>
  transactUnlessStale([
    putItem(toFlowItem({ ...record, updatedAt, rev: record.rev + 1 }), record.rev),
    putItem(toFlowGraphItem(record.companyId, record.id, graph, updatedAt)),
  ]);

/** Deletes the flow read at `record.rev` with its name marker and graph; 'stale' when it changed meanwhile. */
export const deleteFlowRecord = (record: FlowRecord): Promise<'ok' | 'stale'> =>
  flowWrites.remove(record, deleteItem(flowGraphKey(record.companyId, record.id)));
