/**
 * The ticket report's table reads: the report rows of a month partition (one per ticket, keys in ticket.entity.ts)
 * created between two instants, a page at a time or counted, with the report's filters applied by DynamoDB.
 */
import { queryKeyPage } from '../../platform/table/paging.ts';
import { type ReportRowItem } from './ticket.entity.ts';

export interface ReportRowFilter {
  expression: string;
  names?: Record<string, string>;
  values: Record<string, unknown>;
}

/** The key range of a month partition's report rows created between two instants, with the report's filters. */
const reportRowsQuery = (partition: string, range: { from: string; to: string }, filter: ReportRowFilter | undefined) => ({
  KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
  ExpressionAttributeValues: { ':pk': partition, ':from': range.from, ':to': `${range.to}~`, ...(filter?.values ?? {}) },
  ...(filter ? { FilterExpression: filter.expression } : {}),
  ...(filter?.names ? { ExpressionAttributeNames: filter.names } : {}),
});

/**
 * One page of report rows of a month partition whose creation time lies between two instants, newest first,
 * with the filters the report asks for applied by DynamoDB (`Limit` counts the rows read, not the rows kept).
 */
export const queryReportRows = async (
  partition: string,
  range: { from: string; to: string },
  options: { limit: number; startKey?: Record<string, string>; filter?: ReportRowFilter },
): Promise<{ items: ReportRowItem[]; lastKey?: Record<string, string> }> => {
  const out = await queryKeyPage<ReportRowItem>(
    { ...reportRowsQuery(partition, range, options.filter), ScanIndexForward: false },
    { start: options.startKey, limit: options.limit },
  );
  return { items: out.items, lastKey: out.next as Record<string, string> | undefined };
};

/**
 * How many report rows of the same key range pass the same filters, from `startKey` on: one `Select: COUNT` query,
 * which returns no items but reads up to 1 MB of rows; `lastKey` is set when the partition holds more.
 */
export const countReportRows = async (
  partition: string,
  range: { from: string; to: string },
  options: { startKey?: Record<string, string>; filter?: ReportRowFilter },
): Promise<{ count: number; lastKey?: Record<string, string> }> => {
  const out = await queryKeyPage(
    {
      ...reportRowsQuery(partition, range, options.filter),
      Select: 'COUNT',
      // the same direction as the list, so that a start key counts the rows the list has yet to read
      ScanIndexForward: false,
    },
    { start: options.startKey },
  );
  return { count: out.count, lastKey: out.next as Record<string, string> | undefined };
};
