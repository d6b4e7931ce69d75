/**
 * A one-off write of the report rows (ticket.entity.ts) of tickets stored before the report existed, run by the
 * local runtime at start. It lives apart from the repository because it Scans the table: no request path (and no
 * function's role) needs that. Once done, a marker item keeps later starts from scanning again.
 */
import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { reportRowOf, type TicketRecord } from './ticket.entity.ts';

const REPORT_ROWS_DONE = { pk: 'MIGRATION', sk: 'ticket-report-rows' };

/** Answers how many rows it wrote (none on every later start). A row written meanwhile by a change is the same row. */
export const backfillReportRows = async (): Promise<number> => {
  const done = await table().send(new GetCommand({ TableName: tableName(), Key: REPORT_ROWS_DONE, ConsistentRead: true }));
  if (done.Item) return 0;
  let written = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await table().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'ticket' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of (out.Items ?? []) as TicketRecord[]) {
      await table().send(new PutCommand({ TableName: tableName(), Item: reportRowOf(item) }));
      written++;
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  await table().send(new PutCommand({ TableName: tableName(), Item: { ...REPORT_ROWS_DONE, type: 'migration', at: new Date().toISOString() } }));
  return written;
};
