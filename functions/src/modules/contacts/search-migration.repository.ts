/**
 * A one-off move of the contact search index to its spread layout, run by the local runtime at start. It lives
 * apart from the repository because it Scans the table: no request path (and no function's role) needs that.
 */
import { GetCommand, PutCommand, ScanCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { legacySearchPk, searchKey, type SearchIndexItem } from './contact.entity.ts';

/**
 * Moves search index items written before the index was spread over partitions (all in one partition per
 * company) to their token's partition. Runs once at the start of an installed product, before requests: a Scan
 * of the table, never on a request path; answers how many items moved (none on every later start).
 */
const SEARCH_SPREAD_DONE = { pk: 'MIGRATION', sk: 'contact-search-spread' };

export const moveLegacySearchItems = async (): Promise<number> => {
  const done = await table().send(new GetCommand({ TableName: tableName(), Key: SEARCH_SPREAD_DONE, ConsistentRead: true }));
  if (done.Item) return 0;
  let moved = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await table().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#type = :type AND NOT contains(pk, :spread)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'contactSearch', ':spread': '#CSEARCH#' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of (out.Items ?? []) as SearchIndexItem[]) {
      if (item.pk !== legacySearchPk(item.companyId)) continue;
      const token = item.sk.slice(0, item.sk.lastIndexOf('#'));
      await table().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName(), Item: { ...item, ...searchKey(item.companyId, token, item.contactId) } } },
            { Delete: { TableName: tableName(), Key: { pk: item.pk, sk: item.sk } } },
          ],
        }),
      );
      moved += 1;
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  await table().send(new PutCommand({ TableName: tableName(), Item: { ...SEARCH_SPREAD_DONE, type: 'migration', moved, at: new Date().toISOString() } }));
  return moved;
};

