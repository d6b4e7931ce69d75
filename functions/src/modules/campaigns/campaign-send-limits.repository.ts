/**
 * The table access of what holds a campaign's sends back: the numbers that opted out, each WhatsApp number's daily
 * cap and the campaign's send slot, one send at a time (keys in campaign.entity.ts).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { conditionHeld } from '../../platform/table/guarded-writes.ts';
import { TTL_ATTRIBUTE } from '../../platform/table/table-definition.ts';
import { dailySendsKey, optOutKey, sendSlotKey } from './campaign.entity.ts';

const DAY_COUNTER_TTL_S = 3 * 86_400;

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
