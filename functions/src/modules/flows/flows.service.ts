/**
 * Conversation flows: a name, an on/off state and a graph the editor draws (spec document 3 "Flow list", "Flow
 * editor", sections 5 and 7 "Flows"; server reference 5.1). The graph is checked by the shared schema
 * (../../../../shared/src/flows/graph.ts) and kept as one item per flow; the runtime (engine/flow-runtime.ts) reads
 * it through `runnableFlow`.
 */
import {
  FLOW_GRAPH_MAX_BYTES,
  FLOW_NAME_MAX,
  FLOW_PAGE_SIZE,
  type Flow,
  type FlowUploadFile,
  type FlowUploadTarget,
  type FlowWithGraph,
  type SaveFlowGraphBody,
  type UpdateFlowBody,
} from '@switchboard/shared/contracts/flows';
import { orderedElements, type FlowGraph } from '@switchboard/shared/flows/graph';
import { clock } from '../../platform/clock.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { LOOKUP_CACHE_MS, ttlCache } from '../../platform/ttl-cache.ts';
import { flowMediaKey, type FlowRecord } from './flow.entity.ts';
import {
  deleteFlowRecord,
  flowNameTaken,
  getFlow,
  getFlowGraph,
  insertFlow,
  putFlowGraph,
  queryFlows,
  replaceFlow,
} from './flows.repository.ts';
import { storedFileName } from '../../platform/ports/media-keys.ts';

const now = () => clock().now().toISOString();

const present = (r: FlowRecord): Flow => {
  const { rev: _rev, ...rest } = r;
  return rest;
};

/** A new flow starts with its start node (Inicio), which the editor shows and the runtime begins at. */
const newGraph = (): FlowGraph => ({
  nodes: [{ id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio' } }],
  connections: [],
});

const duplicateName = () =>
  new AppError('ERR_DUPLICATED_FLOW_NAME', 'The company has a flow with this name', {
    fields: [{ path: 'body.name', message: 'ERR_DUPLICATED_FLOW_NAME' }],
  });
const changedMeanwhile = () => new AppError('ERR_VALIDATION', 'The flow changed meanwhile; reload and try again');

/** Another company's flow, or an unknown id, is simply not found. */
const requireFlow = async (auth: AuthContext, id: number): Promise<FlowRecord> => {
  const record = await getFlow(auth.companyId, id);
  if (!record) throw new AppError('ERR_NOT_FOUND', 'Flow not found');
  return record;
};

/** GET /flowbuilder: the company's flows in name order, searched by name prefix, by page number. */
export const listFlows = async (auth: AuthContext, query: { searchParam?: string; pageNumber: number }) => {
  const page = await queryFlows(auth.companyId, {
    prefix: query.searchParam,
    skip: (query.pageNumber - 1) * FLOW_PAGE_SIZE,
    take: FLOW_PAGE_SIZE,
  });
  return { flows: page.records.map(present), hasMore: page.hasMore };
};

export const showFlow = async (auth: AuthContext, id: number): Promise<Flow> => present(await requireFlow(auth, id));

const insert = async (auth: AuthContext, name: string, graph: FlowGraph): Promise<FlowRecord> => {
  const at = now();
  const record: FlowRecord = {
    id: await nextId(companyPk(auth.companyId), 'flow'),
    companyId: auth.companyId,
    name,
    active: true,
    userId: auth.userId,
    createdAt: at,
    updatedAt: at,
    rev: 1,
  };
  if ((await insertFlow(record, graph)) === 'duplicate') throw duplicateName();
  return record;
};

/** POST /flowbuilder: a new, active flow with its start node. */
export const createFlow = async (auth: AuthContext, body: { name: string }): Promise<Flow> => {
  if (await flowNameTaken(auth.companyId, body.name)) throw duplicateName();
  return present(await insert(auth, body.name, newGraph()));
};

/** PUT /flowbuilder: a new name (and on/off state when sent). */
export const updateFlow = async (auth: AuthContext, body: UpdateFlowBody): Promise<Flow> => {
  const before = await requireFlow(auth, body.flowId);
  const after: FlowRecord = {
    ...before,
    name: body.name,
    active: body.active ?? before.active,
    updatedAt: now(),
    rev: before.rev + 1,
  };
  const result = await replaceFlow(before, after);
  if (result === 'duplicate') throw duplicateName();
  if (result === 'stale') throw changedMeanwhile();
  forgetRunnable(auth.companyId, after.id);
  return present(after);
};

/**
 * DELETE /flowbuilder/{id}: the flow and its graph. What named it lets it go (listeners/flow-references.listener.ts):
 * connections' welcome and not-phrase choices are cleared, phrase campaigns switched off; a ticket whose flow it ran
 * stops at its next message or interval (the runtime finds no flow).
 */
export const deleteFlow = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  const record = await requireFlow(auth, id);
  if ((await deleteFlowRecord(record)) === 'stale') throw changedMeanwhile();
  forgetRunnable(auth.companyId, id);
  await domainEvents.emit({ name: 'flow.deleted', companyId: auth.companyId, flowId: id });
  return { ok: true };
};

/** The copy's name: " - copy" appended (reference 5.1), numbered while taken, within the name's limit. */
const copyNameOf = async (companyId: number, name: string): Promise<string> => {
  for (let n = 1; n < 50; n++) {
    const suffix = n === 1 ? ' - copy' : ` - copy ${n}`;
    const candidate = `${name.slice(0, FLOW_NAME_MAX - suffix.length)}${suffix}`;
    if (!(await flowNameTaken(companyId, candidate))) return candidate;
  }
  throw duplicateName();
};

/** POST /flowbuilder/duplicate: a copy of the flow and its graph (the files are shared: they are never changed). */
export const duplicateFlow = async (auth: AuthContext, body: { flowId: number }): Promise<Flow> => {
  const source = await requireFlow(auth, body.flowId);
  const graph = (await getFlowGraph(auth.companyId, source.id))?.flow ?? newGraph();
  return present(await insert(auth, await copyNameOf(auth.companyId, source.name), graph));
};

/** The stored file names a graph uses. */
const mediaNamesOf = (g: FlowGraph): string[] => {
  const names = new Set<string>();
  for (const n of g.nodes) {
    if ((n.type === 'img' || n.type === 'audio' || n.type === 'video') && n.data.url) names.add(n.data.url);
    if (n.type === 'singleBlock')
      for (const e of orderedElements(n.data)) if (e.type !== 'message' && e.type !== 'interval' && e.value) names.add(e.value);
  }
  return [...names];
};

const withGraph = async (record: FlowRecord, graph: FlowGraph): Promise<FlowWithGraph> => {
  const names = mediaNamesOf(graph);
  const urls = await Promise.all(names.map((name) => blobStore().downloadUrl(flowMediaKey(record.companyId, name))));
  return { flow: { ...present(record), flow: graph }, media: Object.fromEntries(names.map((name, i) => [name, urls[i]!])) };
};

/** GET /flowbuilder/flow/{id}: the flow with its graph and addresses of its files. */
export const flowGraphOf = async (auth: AuthContext, id: number): Promise<FlowWithGraph> => {
  const record = await requireFlow(auth, id);
  return withGraph(record, (await getFlowGraph(auth.companyId, id))?.flow ?? newGraph());
};

/** POST /flowbuilder/flow: the editor's whole graph, refused (413, nothing written) when it cannot be one item. */
export const saveFlowGraph = async (auth: AuthContext, body: SaveFlowGraphBody): Promise<FlowWithGraph> => {
  const record = await requireFlow(auth, body.idFlow);
  const graph: FlowGraph = { nodes: body.nodes, connections: body.connections };
  const bytes = Buffer.byteLength(JSON.stringify(graph), 'utf8');
  if (bytes > FLOW_GRAPH_MAX_BYTES) {
    throw new AppError(
      'ERR_FLOW_TOO_LARGE',
      `The flow is ${Math.ceil(bytes / 1024)} KB; a flow may have at most ${FLOW_GRAPH_MAX_BYTES / 1024} KB`,
      {
        fields: [{ path: 'body.nodes', message: 'ERR_FLOW_TOO_LARGE' }],
      },
    );
  }
  const at = now();
  if ((await putFlowGraph(record, graph, at)) === 'stale') throw changedMeanwhile();
  forgetRunnable(auth.companyId, record.id);
  return withGraph({ ...record, updatedAt: at, rev: record.rev + 1 }, graph);
};

/**
 * POST /flowbuilder/img|audio|content: the file goes where every upload goes, straight to the blob store through
 * the signed address answered here; the graph keeps the answered stored name.
 */
export const flowUploadTarget = async (auth: AuthContext, file: FlowUploadFile): Promise<FlowUploadTarget> => {
  const name = storedFileName(file.name);
  const key = flowMediaKey(auth.companyId, name);
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  return { name, original: file.name, url: await blobStore().downloadUrl(key), uploadUrl: target.url, headers: target.headers };
};

export const flowContentUploadTargets = async (auth: AuthContext, body: { medias: FlowUploadFile[] }) => ({
  elements: await Promise.all(body.medias.map((file) => flowUploadTarget(auth, file))),
});

// ----- for other modules: the connections' flow choices and the runtime -----

/** Which of these ids are flows of the company. */
export const existingFlowIds = async (companyId: number, flowIds: readonly number[]): Promise<Set<number>> => {
  const found = await Promise.all([...new Set(flowIds)].map((id) => getFlow(companyId, id)));
  return new Set(found.filter((f): f is FlowRecord => f !== undefined).map((f) => f.id));
};

/** The names of those of these ids that are flows of the company (the phrase campaigns' list shows them). */
export const flowNamesOf = async (companyId: number, flowIds: readonly number[]): Promise<Map<number, string>> => {
  const found = await Promise.all([...new Set(flowIds)].map((id) => getFlow(companyId, id)));
  return new Map(found.filter((f): f is FlowRecord => f !== undefined).map((f) => [f.id, f.name]));
};

export interface RunnableFlow {
  id: number;
  name: string;
  active: boolean;
  graph: FlowGraph;
}

/** Graphs are read on every customer message of a running flow: kept briefly, and forgotten here when saved. */
const runnable = ttlCache<string, RunnableFlow | null>(LOOKUP_CACHE_MS, 500);
const forgetRunnable = (companyId: number, flowId: number) => runnable.forget(`${companyId}:${flowId}`);

/** A flow of the company with its graph, or undefined when it does not exist. */
export const runnableFlow = async (companyId: number, flowId: number): Promise<RunnableFlow | undefined> =>
  (await runnable.get(`${companyId}:${flowId}`, async () => {
    const record = await getFlow(companyId, flowId);
    if (!record) return null;
    const graph = (await getFlowGraph(companyId, flowId))?.flow ?? newGraph();
    return { id: record.id, name: record.name, active: record.active, graph };
  })) ?? undefined;
