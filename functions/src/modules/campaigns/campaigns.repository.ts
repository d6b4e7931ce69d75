/** All table access of campaigns, their settings, shipping rows and markers (keys in campaign.entity.ts). */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CampaignSettings, CampaignStats, ShippingStatus } from '@switchboard/shared/contracts/campaigns';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { conditionHeld, updateUnlessConditionFails } from '../../platform/table/guarded-writes.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { TTL_ATTRIBUTE } from '../../platform/table/table-definition.ts';
import {
  CAMPAIGN_SK_PREFIX,
  campaignKey,
  dailySendsKey,
  dueIndex,
  numberMarkerKey,
  optOutKey,
  settingsKey,
  shippingKey,
  shippingPk,
  sendSlotKey,
  statsKey,
  type CampaignRecord,
  type ShippingRecord,
  type StatsRecord,
} from './campaign.entity.ts';
import { queryKeyPage, queryPage } from '../../platform/table/paging.ts';
import { strip } from '../../platform/table/strip.ts';

/** Somebody else wrote the campaign between our read and our write. */
export class CampaignChanged extends Error {
  constructor() {
    super('The campaign changed meanwhile');
    this.name = 'CampaignChanged';
  }
}

const MARKER_TTL_S = 60 * 86_400;
const DAY_COUNTER_TTL_S = 3 * 86_400;

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
          {
            Delete: {
              TableName: tableName(),
              Key: campaignKey(before.companyId, before.id),
              ConditionExpression: 'rev = :rev',
              ExpressionAttributeValues: { ':rev': before.rev },
            },
          },
          { Delete: { TableName: tableName(), Key: statsKey(before.companyId, before.id) } },
          { Delete: { TableName: tableName(), Key: sendSlotKey(before.companyId, before.id) } },
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

// ----- shipping -----

const shippingItem = (r: ShippingRecord) => ({
  ...shippingKey(r.companyId, r.campaignId, r.number),
  type: 'campaignShipping',
  ...r,
  ...(r.status === 'planned' && r.dueAt ? dueIndex(r.companyId, r.campaignId, r.run, r.dueAt, r.number) : {}),
});

/**
 * Plans a recipient: a new row, or an earlier row that was never sent (planned, queued) taken over by this run.
 * Answers false when the number already went out (or is being sent) in this campaign.
 */
export const planShipping = async (r: ShippingRecord): Promise<boolean> => {
  try {
    await table().send(
      new PutCommand({
        TableName: tableName(),
        Item: shippingItem(r),
        // a row whose contact wrote back is not planned again (the prepare job skips it)
        ConditionExpression:
          'attribute_not_exists(pk) OR (#s IN (:planned, :queued) AND #run < :run AND attribute_type(repliedAt, :null))',
        ExpressionAttributeNames: { '#s': 'status', '#run': 'run' },
        ExpressionAttributeValues: { ':planned': 'planned', ':queued': 'queued', ':run': r.run, ':null': 'NULL' },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...numberMarkerKey(r.companyId, r.number, r.campaignId),
        type: 'campaignNumber',
        companyId: r.companyId,
        campaignId: r.campaignId,
        [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + MARKER_TTL_S,
      },
    }),
  );
  return true;
};

export const getShipping = async (companyId: number, campaignId: number, number: string): Promise<ShippingRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: shippingKey(companyId, campaignId, number), ConsistentRead: true }),
  );
  return out.Item ? recordOf<ShippingRecord>(out.Item) : undefined;
};

/** The report's rows in number order, a page at a time; `problems` keeps the failed, deferred and skipped ones. */
export const queryShipping = async (
  companyId: number,
  campaignId: number,
  options: { start?: Record<string, unknown>; limit: number; problems: boolean },
): Promise<{ rows: ShippingRecord[]; next?: Record<string, unknown> }> => {
  const rows: ShippingRecord[] = [];
  let start = options.start;
  // Query page by Query page, not queryUpTo: a page that fills mid-Query ends at the last row it keeps (its own key)
  do {
    const out = await queryKeyPage<Record<string, unknown>>(
      {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: {
          ':pk': shippingPk(companyId, campaignId),
          ':p': 'SHIP#',
          ...(options.problems ? { ':f': 'failed', ':s': 'skipped', ':d': 'deferred' } : {}),
        },
        ...(options.problems ? { FilterExpression: '#s IN (:f, :s, :d)', ExpressionAttributeNames: { '#s': 'status' } } : {}),
      },
      { start, limit: options.limit - rows.length + (options.problems ? 50 : 0) },
    );
    for (const item of out.items) {
      if (rows.length < options.limit) rows.push(recordOf<ShippingRecord>(item));
      else
        return {
          rows,
          next: { pk: item.pk, sk: rows.length ? shippingKey(companyId, campaignId, rows.at(-1)!.number).sk : item.sk },
        };
    }
    start = out.next;
  } while (start && rows.length < options.limit);
  const last = rows.at(-1);
  return { rows, next: start && last ? shippingKey(companyId, campaignId, last.number) : undefined };
};

/** The planned rows of a run due by `horizon`, soonest first. */
export const queryDue = async (
  companyId: number,
  campaignId: number,
  run: number,
  horizon: string,
  limit: number,
): Promise<ShippingRecord[]> => {
  const index = dueIndex(companyId, campaignId, run, '', '');
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :h',
      ExpressionAttributeValues: { ':pk': index.gsi1pk, ':h': `${horizon}#~` },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => recordOf<ShippingRecord>(i));
};

/** The soonest planned row of a run that is not released yet. */
export const firstPlanned = async (companyId: number, campaignId: number, run: number): Promise<ShippingRecord | undefined> => {
  const index = dueIndex(companyId, campaignId, run, '', '');
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': index.gsi1pk },
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  return item ? recordOf<ShippingRecord>(item) : undefined;
};

/** What a move asks of a row besides its status. */
export type MoveCondition = {
  /** of this run (a job of another run leaves the row alone) */
  run?: number;
  /** the message is one of the row's: of its last send (`sentIds`, whose receipts move it) or of any (`messageIds`) */
  message?: { id: string; of: 'sentIds' | 'messageIds' };
  /** its contact wrote back */
  replied?: true;
};

/**
 * Moves a row from `from` (one status or several) to `to` with `fields` (an undefined one is left as it is), only
 * while it is in one of those statuses and meets `only`, once. Answers the status it had and the row as written, or
 * undefined when the condition failed. Leaving `planned` drops it from the release index.
 */
export const moveShipping = async (
  r: Pick<ShippingRecord, 'companyId' | 'campaignId' | 'number'>,
  from: readonly ShippingStatus[],
  to: ShippingStatus,
  fields: Partial<ShippingRecord>,
  only: MoveCondition = {},
): Promise<{ was: ShippingStatus; row: ShippingRecord } | undefined> => {
  const sets = Object.entries({ ...fields, status: to }).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = Object.fromEntries(sets.map(([k]) => [`#f_${k}`, k]));
  const values: Record<string, unknown> = Object.fromEntries(sets.map(([k, v]) => [`:f_${k}`, v]));
  from.forEach((s, i) => (values[`:from${i}`] = s));
  names['#st'] = 'status';
  const conditions = [`#st IN (${from.map((_s, i) => `:from${i}`).join(', ')})`];
  if (only.run !== undefined) {
    names['#rn'] = 'run';
    values[':rn'] = only.run;
    conditions.push('#rn = :rn');
  }
  if (only.message) {
    names['#ids'] = only.message.of;
    values[':id'] = only.message.id;
    conditions.push('contains(#ids, :id)');
  }
  if (only.replied) {
    values[':string'] = 'S';
    conditions.push('attribute_type(repliedAt, :string)');
  }
  const attributes = await updateUnlessConditionFails({
    Key: shippingKey(r.companyId, r.campaignId, r.number),
    UpdateExpression: `SET ${sets.map(([k]) => `#f_${k} = :f_${k}`).join(', ')}${to === 'planned' ? '' : ' REMOVE gsi1pk, gsi1sk'}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValues: 'ALL_OLD',
  });
  if (!attributes) return undefined;
  const before = recordOf<ShippingRecord>(attributes);
  return { was: before.status, row: { ...before, ...Object.fromEntries(sets) } as ShippingRecord };
};

/** The same failure met the row still being settled: noted for the settling send to apply (true when noted). */
export const noteLateFailure = async (
  r: Pick<ShippingRecord, 'companyId' | 'campaignId' | 'number'>,
  messageId: string,
  reason: string,
): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: shippingKey(r.companyId, r.campaignId, r.number),
        UpdateExpression: 'SET lateFailure = :f',
        ConditionExpression: '#st = :sending',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: { ':f': { messageId, reason }, ':sending': 'sending' },
      }),
    ),
  );
};

/** Notes a reply on a row that was not sent yet (it is then skipped at send time). */
export const noteReply = async (companyId: number, campaignId: number, number: string, at: string): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: shippingKey(companyId, campaignId, number),
        UpdateExpression: 'SET repliedAt = :at',
        ConditionExpression: '#s IN (:p, :q) AND attribute_type(repliedAt, :null)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':at': at, ':p': 'planned', ':q': 'queued', ':null': 'NULL' },
      }),
    ),
  );
};

/** The campaigns a number was planned in, newest first. */
export const campaignsOfNumber = async (companyId: number, number: string, limit = 20): Promise<number[]> => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': numberMarkerKey(companyId, number, 0).pk },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => Number(i.campaignId));
};

// ----- opt-outs and daily caps -----

export const putOptOut = async (companyId: number, number: string, at: string, word: string): Promise<void> => {
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...optOutKey(companyId, number), type: 'campaignOptOut', companyId, number, word, at },
    }),
  );
};

export const isOptedOut = async (companyId: number, number: string): Promise<boolean> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: optOutKey(companyId, number) }));
  return out.Item !== undefined;
};

/** Counts one more send of the number on the day, unless the day's cap is reached (answers false then). */
export const countDailySend = async (
  companyId: number,
  connectionId: number,
  day: string,
  cap: number,
  nowS: number,
): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: dailySendsKey(companyId, connectionId, day),
        UpdateExpression: 'ADD n :one SET #ttl = :ttl',
        ...(Number.isFinite(cap) ? { ConditionExpression: 'attribute_not_exists(n) OR n < :cap' } : {}),
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':one': 1,
          ':ttl': nowS + DAY_COUNTER_TTL_S,
          ...(Number.isFinite(cap) ? { ':cap': cap } : {}),
        },
      }),
    ),
  );
};

/**
 * Takes the campaign's next send slot at `at` (epoch ms): one send per campaign at a time, at least `gapMs` after the
 * previous one, whatever brought two send jobs to the same moment (a postponement to the start of the send hours, a
 * redelivery). Answers true when taken; otherwise the moment (epoch ms) the slot frees.
 */
export const claimSendSlot = async (companyId: number, id: number, at: number, gapMs: number): Promise<true | number> => {
  const key = sendSlotKey(companyId, id);
  try {
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET lastSendAt = :at',
        ConditionExpression: 'attribute_not_exists(lastSendAt) OR lastSendAt <= :limit',
        ExpressionAttributeValues: { ':at': at, ':limit': at - gapMs },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // the document client leaves the item of a failed condition in DynamoDB's own form ({ N: "..." })
    const last = (error as { Item?: { lastSendAt?: { N?: string } } }).Item?.lastSendAt?.N;
    return (last !== undefined ? Number(last) : at) + gapMs;
  }
};
