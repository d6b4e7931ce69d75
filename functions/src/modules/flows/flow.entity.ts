/**
 * Conversation flows of a company (spec document 3 entity "Flow"; server reference 5.1).
 *
 * Items and access patterns (cid = company id):
 * - flow: pk C#<cid>, sk FLOW#<padId>, type 'flow': id, name, active, userId, timestamps, rev.
 *   - get one by id.
 *   - the list, in name order and searched by name prefix: gsi1pk C#<cid>#FLOW, gsi1sk <lowercased name>#<padId>
 *     (Query with begins_with); the list never reads graphs.
 * - graph: pk C#<cid>, sk FLOWGRAPH#<padId>, type 'flowGraph': `flow: { nodes, connections }` as the fork keeps it
 *   (one item per flow, so at most 400 KB: FLOW_GRAPH_MAX_BYTES is checked before writing).
 * - name marker: pk C#<cid>, sk FLOWNAME#<lowercased name>, { flowId }: written in the same transaction as the flow
 *   with attribute_not_exists, so a name exists once per company (reference 5.1).
 * - ids: counter item from nextId(C#<cid>, 'flow').
 * - files of nodes: blob store keys c<cid>/flow/<stored name>; the graph keeps the stored name.
 */
import type { FlowGraph } from '@switchboard/shared/flows/graph';
import { companyPk, padId } from '../../platform/table/keys.ts';
import { companyMediaPrefix } from '../../platform/ports/media-keys.ts';

export interface FlowRecord {
  id: number;
  companyId: number;
  name: string;
  active: boolean;
  userId: number | null;
  createdAt: string;
  updatedAt: string;
  /** bumped on every write of the flow item; a write conditioned on it loses to a concurrent one */
  rev: number;
}

export type FlowItem = FlowRecord & { pk: string; sk: string; type: 'flow'; gsi1pk: string; gsi1sk: string };

export interface FlowGraphItem {
  pk: string;
  sk: string;
  type: 'flowGraph';
  companyId: number;
  flowId: number;
  flow: FlowGraph;
  updatedAt: string;
}

export const nameOf = (name: string): string => name.trim().toLowerCase();

export const flowKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `FLOW#${padId(id)}` });
export const flowGraphKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `FLOWGRAPH#${padId(id)}` });
export const flowNameKey = (companyId: number, name: string) => ({ pk: companyPk(companyId), sk: `FLOWNAME#${nameOf(name)}` });
export const flowsByNamePk = (companyId: number): string => `${companyPk(companyId)}#FLOW`;

export const toFlowItem = (r: FlowRecord): FlowItem => ({
  ...flowKey(r.companyId, r.id),
  type: 'flow',
  gsi1pk: flowsByNamePk(r.companyId),
  gsi1sk: `${nameOf(r.name)}#${padId(r.id)}`,
  ...r,
});

export const toFlowGraphItem = (companyId: number, flowId: number, flow: FlowGraph, updatedAt: string): FlowGraphItem => ({
  ...flowGraphKey(companyId, flowId),
  type: 'flowGraph',
  companyId,
  flowId,
  flow,
  updatedAt,
});

export const flowNameItem = (r: FlowRecord) => ({
  ...flowNameKey(r.companyId, r.name),
  type: 'flowName' as const,
  companyId: r.companyId,
  flowId: r.id,
});

export const flowMediaPrefix = (companyId: number): string => `${companyMediaPrefix(companyId)}flow/`;
export const flowMediaKey = (companyId: number, storedName: string): string => `${flowMediaPrefix(companyId)}${storedName}`;
