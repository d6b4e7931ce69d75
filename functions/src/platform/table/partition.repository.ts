/**
 * Reads every item of one partition whose sort key starts with a prefix, page after page. Only for partitions
 * that stay small by design (a company's queues, connections; the platform's plans), never for a tenant's data
 * that grows with use.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from './client.ts';

export const queryWholePartition = async <T>(pk: string, skPrefix: string): Promise<T[]> => {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
};
