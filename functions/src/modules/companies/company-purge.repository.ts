/**
 * The removal of a deleted company's data, run by the `companies.purge` job in the jobs function only (no request
 * reaches this file, so no other function may Scan). A company's items are spread over many partitions (tickets,
 * messages, contacts, counters...), so the job pages through the table with a filtered Scan, a few pages per run.
 */
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { companyPk } from '../../platform/table/keys.ts';

/**
 * Deletes up to `pages` table pages' worth of a removed company's items and says where to go on. A Scan, run by
 * the purge job only: a company's data is spread over many partitions and no request waits on this.
 */
export const purgeCompanyItems = async (
  companyId: number,
  pages: number,
  start?: Record<string, unknown>,
): Promise<{ deleted: number; next?: Record<string, unknown> }> => {
  let next = start;
  let deleted = 0;
  // a Scan, so not the paging helper (which pages Queries); the position goes back to the job, not to a client
  for (let i = 0; i < pages; i++) {
    const out = await table().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'pk = :pk OR begins_with(pk, :prefix) OR companyId = :id',
        ExpressionAttributeValues: { ':pk': companyPk(companyId), ':prefix': `${companyPk(companyId)}#`, ':id': companyId },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: next,
      }),
    );
    const keys = (out.Items ?? []) as { pk: string; sk: string }[];
    for (let j = 0; j < keys.length; j += 25) {
      let pending = keys.slice(j, j + 25).map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } }));
      while (pending.length > 0) {
        const res = await table().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (res.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
    deleted += keys.length;
    next = out.LastEvaluatedKey;
    if (!next) break;
  }
  return { deleted, next };
};
