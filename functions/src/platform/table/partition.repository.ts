/**
 * Reads every item of one partition whose sort key starts with a prefix, page after page. Only for partitions
 * that stay small by design (a company's queues, connections; the platform's plans), never for a tenant's data
 * that grows with use.
 */
import { queryAll } from './paging.ts';

export const queryWholePartition = <T>(pk: string, skPrefix: string): Promise<T[]> =>
  queryAll<T>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
  });
