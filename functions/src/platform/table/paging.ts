/**
 * Offset pages over one Query: the list screens ask for "skip n, take m" (page numbers, infinite scroll), and the
 * Query reads only what it skips and answers (plus one item to know whether more follow), never the rest of the
 * partition. Items that fail `read` (another company's, a filtered-out kind) do not count towards the page.
 */
import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from './client.ts';

type Row = Record<string, unknown>;
export type PageQuery = Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>;

export const queryPage = async <I, T>(
  query: PageQuery,
  page: { skip: number; take: number },
  read: (item: I) => T | undefined,
): Promise<{ records: T[]; hasMore: boolean }> => {
  const wanted = page.skip + page.take + 1;
  const found: T[] = [];
  let start: Row | undefined;
  do {
    const out: QueryCommandOutput = await table().send(
      new QueryCommand({ TableName: tableName(), ...query, Limit: wanted - found.length, ExclusiveStartKey: start }),
    );
    for (const item of (out.Items ?? []) as I[]) {
      const record = read(item);
      if (record !== undefined) found.push(record);
    }
    start = out.LastEvaluatedKey;
  } while (start && found.length < wanted);
  return { records: found.slice(page.skip, page.skip + page.take), hasMore: found.length > page.skip + page.take };
};

/** The records of a gsi1 partition in sort-key order, those whose sort key starts with `prefix` when one is given. */
export const byIndexPrefix = (gsi1pk: string, prefix: string): PageQuery => ({
  IndexName: 'gsi1',
  KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
  ExpressionAttributeValues: { ':pk': gsi1pk, ...(prefix ? { ':prefix': prefix } : {}) },
});
