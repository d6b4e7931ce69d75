/**
 * The table access of a campaign's shipping rows (one per recipient number, moved from status to status by
 * conditional writes) and of the markers that name the campaigns a number was planned in (keys in campaign.entity.ts).
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ShippingStatus } from '@switchboard/shared/contracts/campaigns';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { conditionHeld, updateUnlessConditionFails } from '../../platform/table/guarded-writes.ts';
import { TTL_ATTRIBUTE } from '../../platform/table/table-definition.ts';
import { dueIndex, numberMarkerKey, shippingKey, shippingPk, type ShippingRecord } from './campaign.entity.ts';
import { queryKeyPage } from '../../platform/table/paging.ts';
import { strip } from '../../platform/table/strip.ts';

const MARKER_TTL_S = 60 * 86_400;

const rowOf = (item: Record<string, unknown>): ShippingRecord => strip(item) as ShippingRecord;

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
  return out.Item ? rowOf(out.Item) : undefined;
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
      if (rows.length < options.limit) rows.push(rowOf(item));
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
  return (out.Items ?? []).map((i) => rowOf(i));
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
  return item ? rowOf(item) : undefined;
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
  const before = rowOf(attributes);
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
