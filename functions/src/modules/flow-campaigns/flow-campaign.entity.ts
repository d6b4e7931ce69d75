/**
 * Phrase campaigns of a company (spec document 3 entity "Flow campaign"; server reference 5.4).
 *
 * Items and access patterns (cid = company id):
 * - campaign: pk C#<cid>, sk FLOWCAMP#<padId>, type 'flowCampaign': id, name, flowId, phrases [{ text, type }],
 *   allConnections, whatsappIds, status, userId, timestamps, rev.
 *   - get one by id.
 *   - the page's list, in name order, searched by name prefix: gsi1pk C#<cid>#FLOWCAMP, gsi1sk <lowercased name>#<padId>.
 *   - the runtime's active campaigns, in id order (the first match wins, so the order is the rule's):
 *     gsi2pk C#<cid>#FLOWCAMP#ON, gsi2sk <padId>, written only while status is on (a sparse index: one Query answers
 *     what can match, however many campaigns are off).
 *   - the campaigns of one flow (a deleted flow switches them off): gsi3pk C#<cid>#FLOWCAMP#FLOW#<flowId>, gsi3sk <padId>.
 * - name marker: pk C#<cid>, sk FLOWCAMPNAME#<lowercased name>, { campaignId }: written in the same transaction as the
 *   campaign with attribute_not_exists, so a name exists once per company (reference 5.4).
 * - ids: counter item from nextId(C#<cid>, 'flowCampaign').
 */
import type { CampaignPhrase } from '@switchboard/shared/contracts/flow-campaigns';
import { companyPk, padId } from '../../platform/table/keys.ts';

export interface FlowCampaignRecord {
  id: number;
  companyId: number;
  name: string;
  flowId: number;
  phrases: CampaignPhrase[];
  /** every connection of the company, present and future; `whatsappIds` is then empty */
  allConnections: boolean;
  whatsappIds: number[];
  status: boolean;
  userId: number | null;
  createdAt: string;
  updatedAt: string;
  /** bumped on every write; a write conditioned on it loses to a concurrent one */
  rev: number;
}

export type FlowCampaignItem = FlowCampaignRecord & {
  pk: string;
  sk: string;
  type: 'flowCampaign';
  gsi1pk: string;
  gsi1sk: string;
  gsi2pk?: string;
  gsi2sk?: string;
  gsi3pk: string;
  gsi3sk: string;
};

export const nameOf = (name: string): string => name.trim().toLowerCase();

export const flowCampaignKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `FLOWCAMP#${padId(id)}` });
export const flowCampaignNameKey = (companyId: number, name: string) => ({
  pk: companyPk(companyId),
  sk: `FLOWCAMPNAME#${nameOf(name)}`,
});
export const flowCampaignsByNamePk = (companyId: number): string => `${companyPk(companyId)}#FLOWCAMP`;
export const activeFlowCampaignsPk = (companyId: number): string => `${companyPk(companyId)}#FLOWCAMP#ON`;
export const flowCampaignsOfFlowPk = (companyId: number, flowId: number): string =>
  `${companyPk(companyId)}#FLOWCAMP#FLOW#${flowId}`;

export const toFlowCampaignItem = (r: FlowCampaignRecord): FlowCampaignItem => ({
  ...flowCampaignKey(r.companyId, r.id),
  type: 'flowCampaign',
  gsi1pk: flowCampaignsByNamePk(r.companyId),
  gsi1sk: `${nameOf(r.name)}#${padId(r.id)}`,
  ...(r.status ? { gsi2pk: activeFlowCampaignsPk(r.companyId), gsi2sk: padId(r.id) } : {}),
  gsi3pk: flowCampaignsOfFlowPk(r.companyId, r.flowId),
  gsi3sk: padId(r.id),
  ...r,
});

export const flowCampaignNameItem = (r: FlowCampaignRecord) => ({
  ...flowCampaignNameKey(r.companyId, r.name),
  type: 'flowCampaignName' as const,
  companyId: r.companyId,
  campaignId: r.id,
});
