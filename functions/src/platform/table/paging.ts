/**
 * The one way a repository pages through a Query: `queryKeyPage` (one page from where the last stopped),
 * `queryPages` (page after page, for a reader that acts on each page or stops early), `queryAll` (every item),
 * `queryUpTo` (pages until enough items) and `queryPage` (offset pages: the list screens ask for "skip n, take m",
 * page numbers and infinite scroll, and the Query reads only what it skips and answers plus one item to know whether
 * more follow, never the rest of the partition; items that fail `read`, another company's or a filtered-out kind, do
 * not count towards the page).
 */
import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from './client.ts';

type Row = Record<string, unknown>;
export type PageQuery = Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>;
/** Where a page stopped (a LastEvaluatedKey), or where the next one starts. */
export type PageKey = Record<string, unknown>;

export interface KeyPage<I> {
  items: I[];
  /** the items the Query counted (with `Select: 'COUNT'` it answers no items) */
  count: number;
  /** absent on the last page */
  next?: PageKey;
}

/** One Query page from `start` (none: the first), at most `limit` items read when one is given. */
export const queryKeyPage = async <I>(query: PageQuery, page: { start?: PageKey; limit?: number } = {}): Promise<KeyPage<I>> => {
  const out: QueryCommandOutput = await table().send(
    new QueryCommand({ TableName: tableName(), ...query, Limit: page.limit, ExclusiveStartKey: page.start }),
  );
  return { items: (out.Items ?? []) as I[], count: out.Count ?? 0, next: out.LastEvaluatedKey };
};

/** The Query's pages one after another from `start`, each of at most `limit` items read when one is given. */
export async function* queryPages<I>(
  query: PageQuery,
  page: { start?: PageKey; limit?: number } = {},
): AsyncGenerator<KeyPage<I>> {
  let start = page.start;
  do {
    const out = await queryKeyPage<I>(query, { start, limit: page.limit });
    yield out;
    start = out.next;
  } while (start);
}

/** Every item the Query answers. Only for what stays small by design, or a job's read, never a tenant's growing list. */
export const queryAll = async <I>(query: PageQuery): Promise<I[]> => {
  const items: I[] = [];
  for await (const page of queryPages<I>(query)) items.push(...page.items);
  return items;
};

/**
 * Pages from `start` until `limit` items came (each Query asks for what is missing), the Query ends, or `maxQueries`
 * were made; `next` continues from the last item read.
 */
export const queryUpTo = async <I>(
  query: PageQuery,
  page: { start?: PageKey; limit: number; maxQueries?: number },
): Promise<{ items: I[]; next?: PageKey }> => {
  const items: I[] = [];
  let start = page.start;
  for (let queries = 0; queries < (page.maxQueries ?? Infinity); queries++) {
    const out = await queryKeyPage<I>(query, { start, limit: page.limit - items.length });
    items.push(...out.items);
    start = out.next;
    if (!start || items.length >= page.limit) break;
  }
  return { items, next: start };
};

/**
 * `start`: where the reading starts (none: the beginning); `pageLimit`: how many items a Query reads when `missing`
 * are still wanted (by default just those).
 */
export const queryPage = async <I, T>(
  query: PageQuery,
  page: { skip: number; take: number; start?: PageKey; pageLimit?: (missing: number) => number },
  read: (item: I) => T | undefined,
): Promise<{ records: T[]; hasMore: boolean }> => {
  const wanted = page.skip + page.take + 1;
  const found: T[] = [];
  let start: Row | undefined = page.start;
  do {
    const missing = wanted - found.length;
    const out = await queryKeyPage<I>(query, { start, limit: page.pageLimit ? page.pageLimit(missing) : missing });
    for (const item of out.items) {
      const record = read(item);
      if (record !== undefined) found.push(record);
    }
    start = out.next;
  } while (start && found.length < wanted);
  return { records: found.slice(page.skip, page.skip + page.take), hasMore: found.length > page.skip + page.take };
};

/** The records of a gsi1 partition in sort-key order, those whose sort key starts with `prefix` when one is given. */
export const byIndexPrefix = (gsi1pk: string, prefix: string): PageQuery => ({
  IndexName: 'gsi1',
  KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
  ExpressionAttributeValues: { ':pk': gsi1pk, ...(prefix ? { ':prefix': prefix } : {}) },
});
