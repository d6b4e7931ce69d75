/**
 * Phrase campaigns (spec document 3 "Phrase campaigns (/phrase-lists)", sections 4 to 7; server reference 5.4): a
 * name, a flow, phrases (exact or partial) and the connections they listen on (some, or all of them). The flow
 * runtime (engine/flow-runtime.ts) asks `matchingFlowCampaigns` on a customer message; a deleted flow switches its
 * campaigns off (`switchOffCampaignsOfFlow`, listeners/flow-references.listener.ts).
 *
 * Refusals: a missing name, flow, phrase or connection is a 400 from the body schema; a name the company has is a
 * 400 on body.name; a flow or connection that is not the company's is not found (404, ERR_NOT_FOUND for the flow,
 * ERR_NO_WAPP_FOUND for a connection), naming the field, as another company's records are everywhere.
 */
import {
  FLOW_CAMPAIGN_PAGE_SIZE,
  flowCampaignMessages,
  phraseMatches,
  type FlowCampaign,
  type FlowCampaignInput,
  type UpdateFlowCampaignInput,
} from '@switchboard/shared/contracts/flow-campaigns';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { LOOKUP_CACHE_MS, ttlCache } from '../../platform/ttl-cache.ts';
import { listConnectionsOf } from '../connections/connections.service.ts';
import { flowNamesOf } from '../flows/flows.service.ts';
import type { FlowCampaignRecord } from './flow-campaign.entity.ts';
import {
  deleteFlowCampaignRecord,
  flowCampaignNameTaken,
  getFlowCampaign,
  insertFlowCampaign,
  queryActiveFlowCampaigns,
  queryFlowCampaigns,
  queryFlowCampaignsOfFlow,
  replaceFlowCampaign,
} from './flow-campaigns.repository.ts';

const now = () => clock().now().toISOString();

const present = (r: FlowCampaignRecord, flowNames: Map<number, string>): FlowCampaign => ({
  id: r.id,
  name: r.name,
  flowId: r.flowId,
  flowName: flowNames.get(r.flowId) ?? null,
  phrases: r.phrases,
  phrase: r.phrases[0]?.text ?? '',
  allConnections: r.allConnections,
  whatsappIds: r.whatsappIds,
  whatsappId: r.allConnections ? null : (r.whatsappIds[0] ?? null),
  status: r.status,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const presentAll = async (companyId: number, records: FlowCampaignRecord[]): Promise<FlowCampaign[]> => {
  const names = await flowNamesOf(
    companyId,
    records.map((r) => r.flowId),
  );
  return records.map((r) => present(r, names));
};

const notFound = () => new AppError('ERR_NOT_FOUND', 'Unknown phrase campaign');
const duplicateName = () =>
  new AppError('ERR_VALIDATION', flowCampaignMessages.duplicatedName, {
    fields: [{ path: 'body.name', message: flowCampaignMessages.duplicatedName }],
  });
const changedMeanwhile = () => new AppError('ERR_VALIDATION', 'The phrase campaign changed meanwhile; reload and try again');

/** Another company's campaign, or an unknown id, is simply not found. */
const requireCampaign = async (companyId: number, id: number): Promise<FlowCampaignRecord> => {
  const record = await getFlowCampaign(companyId, id);
  if (!record) throw notFound();
  return record;
};

/** The flow and every listed connection must be the company's (reference 5.4). */
const requireOwnReferences = async (companyId: number, input: FlowCampaignInput): Promise<void> => {
  const names = await flowNamesOf(companyId, [input.flowId]);
  if (!names.has(input.flowId)) {
    throw new AppError('ERR_NOT_FOUND', flowCampaignMessages.unknownFlow, {
      fields: [{ path: 'body.flowId', message: `${flowCampaignMessages.unknownFlow} ${input.flowId}` }],
    });
  }
  if (input.allConnections) return;
  const own = new Set((await listConnectionsOf(companyId)).map((c) => c.id));
  const unknown = input.whatsappIds.filter((id) => !own.has(id));
  if (unknown.length) {
    throw new AppError('ERR_NO_WAPP_FOUND', flowCampaignMessages.unknownConnection, {
      fields: unknown.map((id) => ({ path: 'body.whatsappIds', message: `${flowCampaignMessages.unknownConnection} ${id}` })),
    });
  }
};

/** GET /flowcampaign: the company's campaigns in name order, searched by name prefix, by page number. */
export const listFlowCampaigns = async (auth: AuthContext, query: { searchParam?: string; pageNumber: number }) => {
  const page = await queryFlowCampaigns(auth.companyId, {
    prefix: query.searchParam,
    skip: (query.pageNumber - 1) * FLOW_CAMPAIGN_PAGE_SIZE,
    take: FLOW_CAMPAIGN_PAGE_SIZE,
  });
  return { flow: await presentAll(auth.companyId, page.records), hasMore: page.hasMore };
};

/** GET /flowcampaign/{id}: the campaign under `details`. */
export const showFlowCampaign = async (auth: AuthContext, id: number): Promise<{ details: FlowCampaign }> => {
  const [details] = await presentAll(auth.companyId, [await requireCampaign(auth.companyId, id)]);
  return { details: details! };
};

/** POST /flowcampaign: a new campaign, on unless the body says otherwise (the dialog's switch starts on, section 4). */
export const createFlowCampaign = async (auth: AuthContext, input: FlowCampaignInput): Promise<FlowCampaign> => {
  if ((await flowCampaignNameTaken(auth.companyId, input.name)) !== undefined) throw duplicateName();
  await requireOwnReferences(auth.companyId, input);
  const at = now();
  const record: FlowCampaignRecord = {
    id: await nextId(companyPk(auth.companyId), 'flowCampaign'),
    companyId: auth.companyId,
    name: input.name,
    flowId: input.flowId,
    phrases: input.phrases,
    allConnections: input.allConnections,
    whatsappIds: input.whatsappIds,
    status: input.status ?? true,
    userId: auth.userId,
    createdAt: at,
    updatedAt: at,
    rev: 1,
  };
  if ((await insertFlowCampaign(record)) === 'duplicate') throw duplicateName();
  forgetActive(auth.companyId);
  return (await presentAll(auth.companyId, [record]))[0]!;
};

/** PUT /flowcampaign: every field anew; `status` left out keeps the campaign on or off. */
export const updateFlowCampaign = async (auth: AuthContext, input: UpdateFlowCampaignInput): Promise<FlowCampaign> => {
  const before = await requireCampaign(auth.companyId, input.id);
  const owner = await flowCampaignNameTaken(auth.companyId, input.name);
  if (owner !== undefined && owner !== before.id) throw duplicateName();
  await requireOwnReferences(auth.companyId, input);
  const after: FlowCampaignRecord = {
    ...before,
    name: input.name,
    flowId: input.flowId,
    phrases: input.phrases,
    allConnections: input.allConnections,
    whatsappIds: input.whatsappIds,
    status: input.status ?? before.status,
    updatedAt: now(),
    rev: before.rev + 1,
  };
  const result = await replaceFlowCampaign(before, after);
  if (result === 'duplicate') throw duplicateName();
  if (result === 'stale') throw changedMeanwhile();
  forgetActive(auth.companyId);
  return (await presentAll(auth.companyId, [after]))[0]!;
};

/** DELETE /flowcampaign/{id} */
export const deleteFlowCampaign = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  const record = await requireCampaign(auth.companyId, id);
  if ((await deleteFlowCampaignRecord(record)) === 'stale') throw changedMeanwhile();
  forgetActive(auth.companyId);
  return { ok: true };
};

// ----- for the flow runtime and the flows module -----

/**
 * The company's active campaigns are read on customer messages of tickets the bot holds: one Query of the sparse
 * index per company, kept briefly per instance (a change made elsewhere is seen within ACTIVE_TTL_MS; at once in the
 * instance that made it).
 */
const ACTIVE_TTL_MS = LOOKUP_CACHE_MS;
const active = ttlCache<number, FlowCampaignRecord[]>(ACTIVE_TTL_MS, 500);
const forgetActive = (companyId: number) => active.forget(companyId);

export interface MatchedCampaign {
  id: number;
  flowId: number;
}

/**
 * The active campaigns listening on this connection (listed, or all connections) with a phrase the message matches
 * (reference 5.4: trimmed, lower-cased; exact equality or partial containment), lowest id first: the first one
 * whose flow can run wins.
 */
export const matchingFlowCampaigns = async (
  companyId: number,
  connectionId: number,
  body: string,
): Promise<MatchedCampaign[]> => {
  if (!body.trim()) return [];
  const campaigns = await active.get(companyId, () => queryActiveFlowCampaigns(companyId));
  return campaigns
    .filter((c) => c.status && (c.allConnections || c.whatsappIds.includes(connectionId)))
    .filter((c) => c.phrases.some((p) => phraseMatches(p, body)))
    .sort((a, b) => a.id - b.id)
    .map((c) => ({ id: c.id, flowId: c.flowId }));
};

/**
 * A deleted flow's campaigns are switched off (not deleted: the admin sees them off, with no flow, and may point
 * them at another flow). Answers how many were switched off.
 */
export const switchOffCampaignsOfFlow = async (companyId: number, flowId: number): Promise<number> => {
  let changed = 0;
  for (const campaign of await queryFlowCampaignsOfFlow(companyId, flowId)) {
    // a concurrent edit of the campaign is read again, a few times
    for (
      let attempt = 0, current: FlowCampaignRecord | undefined = campaign;
      attempt < 3 && current?.status && current.flowId === flowId;
      attempt++
    ) {
      const result = await replaceFlowCampaign(current, { ...current, status: false, updatedAt: now(), rev: current.rev + 1 });
      if (result === 'ok') {
        changed++;
        break;
      }
      current = await getFlowCampaign(companyId, campaign.id);
    }
  }
  forgetActive(companyId);
  return changed;
};
