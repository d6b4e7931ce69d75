/** The table access of campaigns, their stats and the company's campaign settings (keys in campaign.entity.ts). */
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CampaignSettings, CampaignStats } from '@switchboard/shared/contracts/campaigns';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { deleteItem } from '../../platform/table/guarded-writes.ts';
import { companyPk } from '../../platform/table/keys.ts';
import {
  CAMPAIGN_SK_PREFIX,
  campaignKey,
  sendSlotKey,
  settingsKey,
  statsKey,
  type CampaignRecord,
  type StatsRecord,
} from './campaign.entity.ts';
import { queryPage } from '../../platform/table/paging.ts';
import { strip } from '../../platform/table/strip.ts';

/** Somebody else wrote the campaign between our read and our write. */
export class CampaignChanged extends Error {
  constructor() {
    super('The campaign changed meanwhile');
    this.name = 'CampaignChanged';
  }
}

const recordOf = <T>(item: Record<string, unknown>): T => strip(item) as T;

const emptyStats = (): StatsRecord => ({
  valid: 0,
  sent: 0,
  deferred: 0,
  delivered: 0,
  read: 0,
  confirmationRequested: 0,
  confirmed: 0,
  failed: 0,
  skipped: 0,
  unreachable: 0,
  prepared: false,
});

// ----- campaigns -----

export const getCampaignRecord = async (companyId: number, id: number): Promise<CampaignRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: campaignKey(companyId, id), ConsistentRead: true }),
  );
  return out.Item ? recordOf<CampaignRecord>(out.Item) : undefined;
};

export const insertCampaign = async (record: CampaignRecord): Promise<void> => {
  await table().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...campaignKey(record.companyId, record.id), type: 'campaign', ...record },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: { ...statsKey(record.companyId, record.id), type: 'campaignStats', ...emptyStats() },
          },
        },
      ],
    }),
  );
};

/** Replaces the campaign if nobody wrote it since `before` was read; throws CampaignChanged otherwise. */
export const replaceCampaign = async (before: CampaignRecord, after: CampaignRecord): Promise<CampaignRecord> => {
  const next = { ...after, rev: before.rev + 1 };
  try {
    await table().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...campaignKey(next.companyId, next.id), type: 'campaign', ...next },
        ConditionExpression: 'attribute_exists(pk) AND rev = :rev',
        ExpressionAttributeValues: { ':rev': before.rev },
      }),
    );
    return next;
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new CampaignChanged();
    throw error;
  }
};

/** Deletes the campaign unless it is running (checked in the same write). Shipping rows stay for nobody: they expire with nothing pointing at them. */
export const deleteCampaignRecord = async (before: CampaignRecord): Promise<void> => {
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          deleteItem(campaignKey(before.companyId, before.id), before.rev),
          deleteItem(statsKey(before.companyId, before.id)),
          deleteItem(sendSlotKey(before.companyId, before.id)),
        ],
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') throw new CampaignChanged();
    throw error;
  }
};

/** One page of the company's campaigns, newest first; `words` must all be in the name. Reads only as far as the page. */
export const queryCampaigns = async (
  companyId: number,
  options: { words: string[]; skip: number; take: number },
): Promise<{ records: CampaignRecord[]; hasMore: boolean }> => {
  const filterValues = Object.fromEntries(options.words.map((w, i) => [`:w${i}`, w]));
  const filter = options.words.map((_w, i) => `contains(searchText, :w${i})`).join(' AND ');
  return queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': companyPk(companyId), ':prefix': CAMPAIGN_SK_PREFIX, ...filterValues },
      ...(filter ? { FilterExpression: filter } : {}),
      ScanIndexForward: false,
    },
    // a filtered page reads a little more per Query, and no Query reads more than 200
    { skip: options.skip, take: options.take, pageLimit: (missing) => Math.min(200, missing + (filter ? 50 : 0)) },
    (i: Record<string, unknown>) => recordOf<CampaignRecord>(i),
  );
};

// ----- stats -----

export const getStats = async (companyId: number, id: number): Promise<StatsRecord> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: statsKey(companyId, id), ConsistentRead: true }));
  return out.Item ? { ...emptyStats(), ...recordOf<StatsRecord>(out.Item) } : emptyStats();
};

export const addStats = async (companyId: number, id: number, delta: Partial<CampaignStats>): Promise<StatsRecord> => {
  const entries = Object.entries(delta).filter(([, v]) => v !== 0 && v !== undefined);
  if (entries.length === 0) return getStats(companyId, id);
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: statsKey(companyId, id),
      UpdateExpression: `ADD ${entries.map(([k]) => `#${k} :${k}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k]) => [`#${k}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([k, v]) => [`:${k}`, v])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return { ...emptyStats(), ...recordOf<StatsRecord>(out.Attributes ?? {}) };
};

/** Marks the recipients all planned (or not, when a run starts), with the count of valid ones. */
export const setPrepared = async (
  companyId: number,
  id: number,
  prepared: boolean,
  valid?: number,
  unreachable?: number,
): Promise<void> => {
  await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: statsKey(companyId, id),
      UpdateExpression: `SET prepared = :p${valid === undefined ? '' : ', valid = :v'}${unreachable === undefined ? '' : ', unreachable = :u'}`,
      ExpressionAttributeValues: {
        ':p': prepared,
        ...(valid === undefined ? {} : { ':v': valid }),
        ...(unreachable === undefined ? {} : { ':u': unreachable }),
      },
    }),
  );
};

// ----- settings -----

export const getSettingsRecord = async (companyId: number): Promise<Partial<CampaignSettings> | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: settingsKey(companyId) }));
  return out.Item ? recordOf<Partial<CampaignSettings>>(out.Item) : undefined;
};

export const putSettingsRecord = async (companyId: number, settings: CampaignSettings): Promise<void> => {
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...settingsKey(companyId), type: 'campaignSettings', companyId, ...settings },
    }),
  );
};
