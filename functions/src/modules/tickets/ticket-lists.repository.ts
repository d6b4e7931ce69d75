/**
 * The ticket lists' table reads: pages of the status, queue, user and contact indexes (a date range of the kanban
 * board as a key condition), where a page resumes, and the per-tab counters (keys in ticket.entity.ts).
 */
import { BatchGetCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { queryKeyPage, type KeyPage } from '../../platform/table/paging.ts';
import { counterPk, ticketItemOf, ticketOfItem, type TicketItem, type TicketRecord } from './ticket.entity.ts';

export type TicketIndex = 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4';

export interface IndexPage {
  items: TicketRecord[];
  lastKey?: Record<string, string>;
}

const pageOf = (out: KeyPage<Record<string, NativeAttributeValue>>): IndexPage => ({
  items: (out.items as TicketItem[]).map(ticketOfItem),
  lastKey: out.next as Record<string, string> | undefined,
});

/** One page of an index partition, newest first unless `forward`. */
export const queryTicketIndex = async (
  index: TicketIndex,
  partition: string,
  options: {
    limit: number;
    forward: boolean;
    startKey?: Record<string, string>;
    filter?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
  },
): Promise<IndexPage> => {
  const out = await queryKeyPage<Record<string, NativeAttributeValue>>(
    {
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk`,
      ExpressionAttributeValues: { ':pk': partition, ...(options.filter?.values ?? {}) },
      ...(options.filter ? { FilterExpression: options.filter.expression } : {}),
      ...(options.filter?.names ? { ExpressionAttributeNames: options.filter.names } : {}),
      ScanIndexForward: options.forward,
    },
    { start: options.startKey, limit: options.limit },
  );
  return pageOf(out);
};

/** The keys an index query resumes after, taken from a ticket it returned. */
export const resumeKeyOf = (index: TicketIndex, t: TicketRecord): Record<string, string> => {
  const item = ticketItemOf(t);
  return { pk: item.pk, sk: item.sk, [`${index}pk`]: item[`${index}pk`], [`${index}sk`]: item[`${index}sk`] };
};

/**
 * One page of an index partition whose sort key (`<updatedAt>#<id>`) lies between two instants, newest first: the
 * kanban board's date range is a key condition, so a page never reads tickets outside it.
 */
export const queryTicketIndexBetween = async (
  index: TicketIndex,
  partition: string,
  range: { from: string; to: string },
  options: { limit: number; startKey?: Record<string, string> },
): Promise<IndexPage> => {
  const out = await queryKeyPage<Record<string, NativeAttributeValue>>(
    {
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk AND ${index}sk BETWEEN :from AND :to`,
      ExpressionAttributeValues: { ':pk': partition, ':from': range.from, ':to': `${range.to}~` },
      ScanIndexForward: false,
    },
    { start: options.startKey, limit: options.limit },
  );
  return pageOf(out);
};

export const getCounters = async (companyId: number, dims: string[]): Promise<Map<string, number>> => {
  const unique = [...new Set(dims)];
  if (unique.length === 0) return new Map();
  const out = await table().send(
    new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: unique.map((sk) => ({ pk: counterPk(companyId), sk })) } } }),
  );
  return new Map(((out.Responses?.[tableName()] ?? []) as { sk: string; count: number }[]).map((c) => [c.sk, c.count]));
};
