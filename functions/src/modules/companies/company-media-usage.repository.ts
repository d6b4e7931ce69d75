/** Table access of each company's measured media usage (company-media-usage.entity.ts). */
import { BatchGetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { conditionHeld } from '../../platform/table/guarded-writes.ts';
import { mediaUsageKey, type MediaUsageRecord } from './company-media-usage.entity.ts';

/** The usage of each company of a page (at most 100), one BatchGet; companies never measured are absent. */
export const getMediaUsages = async (companyIds: number[]): Promise<Map<number, MediaUsageRecord>> => {
  const found = new Map<number, MediaUsageRecord>();
  let keys = [...new Set(companyIds)].map(mediaUsageKey);
  while (keys.length > 0) {
    const out = await table().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
    for (const item of (out.Responses?.[tableName()] ?? []) as (MediaUsageRecord & { pk: string; sk: string })[]) {
      const { pk: _pk, sk: _sk, ...usage } = item;
      found.set(usage.companyId, usage);
    }
    keys = (out.UnprocessedKeys?.[tableName()]?.Keys ?? []) as typeof keys;
  }
  return found;
};

/**
 * Records that a measure is asked for, unless one was asked for after `since`: true when this call asked (it then
 * queues the measure), false when one is already on its way.
 */
export const claimMediaUsageRequest = async (companyId: number, at: string, since: string): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: mediaUsageKey(companyId),
        UpdateExpression:
          'SET companyId = :id, requestedAt = :at, bytes = if_not_exists(bytes, :zero), files = if_not_exists(files, :zero), lastModified = if_not_exists(lastModified, :null), measuredAt = if_not_exists(measuredAt, :null)',
        ConditionExpression: 'attribute_not_exists(requestedAt) OR attribute_type(requestedAt, :nul) OR requestedAt < :since',
        ExpressionAttributeValues: { ':id': companyId, ':at': at, ':since': since, ':zero': 0, ':null': null, ':nul': 'NULL' },
      }),
    ),
  );
};

export const putMediaUsage = async (usage: MediaUsageRecord): Promise<void> => {
  await table().send(
    new PutCommand({ TableName: tableName(), Item: { ...mediaUsageKey(usage.companyId), type: 'mediaUsage', ...usage } }),
  );
};
