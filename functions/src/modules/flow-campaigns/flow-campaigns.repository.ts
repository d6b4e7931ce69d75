/** All table access of phrase campaigns (access patterns in flow-campaign.entity.ts). */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { markedRecordWrites } from '../../platform/table/guarded-writes.ts';
import { byIndexPrefix, queryAll, queryPage } from '../../platform/table/paging.ts';
import {
  activeFlowCampaignsPk,
  flowCampaignKey,
  flowCampaignNameItem,
  flowCampaignNameKey,
  flowCampaignsByNamePk,
  flowCampaignsOfFlowPk,
  nameOf,
  toFlowCampaignItem,
  type FlowCampaignItem,
  type FlowCampaignRecord,
} from './flow-campaign.entity.ts';
import { strip } from '../../platform/table/strip.ts';

export const getFlowCampaign = async (companyId: number, id: number): Promise<FlowCampaignRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: flowCampaignKey(companyId, id), ConsistentRead: true }),
  );
  const item = out.Item as FlowCampaignItem | undefined;
  return item && item.type === 'flowCampaign' && item.companyId === companyId ? strip(item) : undefined;
};

export const flowCampaignNameTaken = async (companyId: number, name: string): Promise<number | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: flowCampaignNameKey(companyId, name), ConsistentRead: true }),
  );
  return (out.Item as { campaignId?: number } | undefined)?.campaignId;
};

/** Campaigns in name order whose name starts with `prefix`, skipping `skip`, at most `take` (one Query on the name index). */
export const queryFlowCampaigns = (
  companyId: number,
  options: { prefix?: string; skip: number; take: number },
): Promise<{ records: FlowCampaignRecord[]; hasMore: boolean }> =>
  queryPage(byIndexPrefix(flowCampaignsByNamePk(companyId), nameOf(options.prefix ?? '')), options, (i: FlowCampaignItem) => {
    const record = strip(i);
    return record.companyId === companyId ? record : undefined;
  });

const queryIndex = async (indexName: 'gsi2' | 'gsi3', pk: string, companyId: number): Promise<FlowCampaignRecord[]> => {
  const items = await queryAll<FlowCampaignItem>({
    IndexName: indexName,
    KeyConditionExpression: `${indexName}pk = :pk`,
    ExpressionAttributeValues: { ':pk': pk },
  });
  return items.map(strip).filter((r) => r.companyId === companyId);
};

/** The company's campaigns that are on, in id order: one Query of the sparse index (pages only past 1 MB). */
export const queryActiveFlowCampaigns = (companyId: number): Promise<FlowCampaignRecord[]> =>
  queryIndex('gsi2', activeFlowCampaignsPk(companyId), companyId);

/** The campaigns that start a flow, on or off. */
export const queryFlowCampaignsOfFlow = (companyId: number, flowId: number): Promise<FlowCampaignRecord[]> =>
  queryIndex('gsi3', flowCampaignsOfFlowPk(companyId, flowId), companyId);

const flowCampaignWrites = markedRecordWrites<FlowCampaignRecord>({
  describe: (r) => `Phrase campaign ${r.id} of company ${r.companyId}`,
  item: toFlowCampaignItem,
  key: (r) => flowCampaignKey(r.companyId, r.id),
  marker: flowCampaignNameItem,
  markerKey: (r) => flowCampaignNameKey(r.companyId, r.name),
  mark: (r) => nameOf(r.name),
});

/** Writes the campaign and its name marker; 'duplicate' (nothing written) when the company has the name. */
export const insertFlowCampaign = (record: FlowCampaignRecord): Promise<'created' | 'duplicate'> =>
  flowCampaignWrites.insert(record);

/**
 * Replaces the campaign read at `before.rev`, moving its name marker when the name changed. 'duplicate' when the new
 * name belongs to another campaign, 'stale' when someone wrote it meanwhile.
 */
export const replaceFlowCampaign = flowCampaignWrites.replace;

/** Deletes the campaign read at `record.rev` with its name marker; 'stale' when it changed meanwhile. */
export const deleteFlowCampaignRecord = (record: FlowCampaignRecord): Promise<'ok' | 'stale'> =>
  flowCampaignWrites.remove(record);
