import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type NativeAttributeValue,
} from '@aws-sdk/lib-dynamodb';
import { failedTransactionItem, isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName, type TransactItem } from '../../platform/table/client.ts';
import {
  conversationKey,
  counterDims,
  counterPk,
  filterTagIds,
  indexKeys,
  logSk,
  noteSk,
  reportRowChanged,
  reportRowOf,
  ticketKey,
  ticketPk,
  ticketUuidKey,
  type ConversationItem,
  type LogItem,
  type NoteItem,
  type ReportRowItem,
  type TicketItem,
  type TicketRecord,
} from './ticket.entity.ts';
import { stripWith } from '../../platform/table/strip.ts';
import { queryKeyPage, queryAll } from '../../platform/table/paging.ts';

/** The contact already has a running ticket on the connection. */
export class ConversationTaken extends Error {
  constructor(readonly ticketId: number) {
    super('conversation taken');
  }
}
/** Somebody changed the ticket since it was read. */
export class TicketChanged extends Error {}

// filterTagIds feeds the filter indexes and stays on the item
const stripTicket = stripWith('filterTagIds');

const toItem = (t: TicketRecord): TicketItem => ({
  ...ticketKey(t.companyId, t.id),
  type: 'ticket',
  ...indexKeys(t),
  ...t,
  filterTagIds: filterTagIds(t),
});

export const getTicketRecord = async (companyId: number, id: number, consistent = false): Promise<TicketRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: ticketKey(companyId, id), ConsistentRead: consistent }),
  );
  return out.Item ? stripTicket(out.Item as TicketItem) : undefined;
};

export const getTicketRecords = async (companyId: number, ids: number[]): Promise<TicketRecord[]> => {
  const unique = [...new Set(ids)];
  const found: TicketRecord[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    const keys = unique.slice(i, i + 100).map((id) => ticketKey(companyId, id));
    const out = await table().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
    found.push(...((out.Responses?.[tableName()] ?? []) as TicketItem[]).map(stripTicket));
  }
  return found;
};

export const getTicketIdByUuid = async (companyId: number, uuid: string): Promise<number | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: ticketUuidKey(companyId, uuid) }));
  return out.Item?.ticketId as number | undefined;
};

export const getConversation = async (
  companyId: number,
  contactId: number,
  connectionId: number,
  consistent = true,
): Promise<ConversationItem | undefined> => {
  const out = await table().send(
    new GetCommand({
      TableName: tableName(),
      Key: conversationKey(companyId, contactId, connectionId),
      ConsistentRead: consistent,
    }),
  );
  return out.Item as ConversationItem | undefined;
};

export interface LogInput {
  id: string;
  logType: string;
  user: LogItem['user'];
  queue: LogItem['queue'];
  createdAt: string;
}

const logPut = (t: TicketRecord, log: LogInput): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      pk: ticketPk(t.companyId, t.id),
      sk: logSk(log.id),
      type: 'ticketLog',
      companyId: t.companyId,
      ticketId: t.id,
      ...log,
    } satisfies LogItem,
  },
});

/** The counter changes of one or more ticket changes, merged: a transaction may name each counter item once. */
const counterUpdates = (
  companyId: number,
  ...changes: [TicketRecord | undefined, TicketRecord | undefined][]
): TransactItem[] => {
  const delta = new Map<string, number>();
  for (const [before, after] of changes) {
    for (const dim of before ? counterDims(before) : []) delta.set(dim, (delta.get(dim) ?? 0) - 1);
    for (const dim of after ? counterDims(after) : []) delta.set(dim, (delta.get(dim) ?? 0) + 1);
  }
  return [...delta]
    .filter(([, n]) => n !== 0)
    .map(([dim, n]) => ({
      Update: {
        TableName: tableName(),
        Key: { pk: counterPk(companyId), sk: dim },
        UpdateExpression: 'ADD #n :n SET #type = :type',
        ExpressionAttributeNames: { '#n': 'count', '#type': 'type' },
        ExpressionAttributeValues: { ':n': n, ':type': 'ticketCounter' },
      },
    }));
};

const conversationPut = (t: TicketRecord, active: boolean, condition: 'free' | 'ours'): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...conversationKey(t.companyId, t.contactId, t.whatsappId),
      type: 'conversation',
      companyId: t.companyId,
      contactId: t.contactId,
      connectionId: t.whatsappId,
      ticketId: t.id,
      active,
      updatedAt: t.updatedAt,
    } satisfies ConversationItem,
    ConditionExpression:
      condition === 'free'
        ? 'attribute_not_exists(pk) OR active = :false OR ticketId = :id'
        : 'attribute_not_exists(pk) OR ticketId = :id OR active = :false',
    ExpressionAttributeValues: { ':false': false, ':id': t.id },
  },
});

const raceFailure = async (error: unknown, t: TicketRecord, conversationIndex: number): Promise<never> => {
  if (isConditionalCheckFailure(error)) {
    if (failedTransactionItem(error) === conversationIndex) {
      const conv = await getConversation(t.companyId, t.contactId, t.whatsappId);
      throw new ConversationTaken(conv?.ticketId ?? 0);
    }
    throw new TicketChanged();
  }
  throw error;
};

/** Creates the ticket as the contact's running conversation on its connection, with its uuid and first log. */
export const insertTicket = async (t: TicketRecord, log: LogInput): Promise<void> => {
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: toItem(t), ConditionExpression: 'attribute_not_exists(pk)' } },
    conversationPut(t, true, 'free'),
    {
      Put: {
        TableName: tableName(),
        Item: { ...ticketUuidKey(t.companyId, t.uuid), type: 'ticketUuid', ticketId: t.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...counterUpdates(t.companyId, [undefined, t]),
    logPut(t, log),
    { Put: { TableName: tableName(), Item: reportRowOf(t) } },
  ];
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    await raceFailure(error, t, 1);
  }
};

export interface SaveOptions {
  logs?: LogInput[];
  /** whether the save makes the ticket the contact's running conversation, ends it, or leaves the pointer alone */
  conversation?: 'activate' | 'deactivate' | 'keep';
}

/** The writes that put `after` over `before`, for a transaction: the ticket under a version condition, then the
 * conversation pointer, counters and logs. */
export interface TicketWrites {
  next: TicketRecord;
  items: TransactItem[];
  /** position of the conversation pointer's conditional put in `items`, or -1 */
  conversationIndex: number;
}

/**
 * The conversation's previous ticket when `next` changes which closed ticket is the newest of its conversation:
 * closing `next` supersedes the previous one; reopening or deleting `next` brings it back to the closed lists.
 */
const predecessorChange = async (
  before: TicketRecord,
  next: TicketRecord | undefined,
): Promise<[TicketRecord, TicketRecord] | undefined> => {
  const wasListed = before.status === 'closed' && !before.superseded;
  const isListed = next?.status === 'closed' && !next.superseded;
  if (wasListed === isListed || !before.previousTicketId) return undefined;
  const previous = await getTicketRecord(before.companyId, before.previousTicketId, true);
  if (
    !previous ||
    previous.status !== 'closed' ||
    previous.contactId !== before.contactId ||
    previous.whatsappId !== before.whatsappId
  )
    return undefined;
  const superseded = isListed;
  if (Boolean(previous.superseded) === superseded) return undefined;
  return [previous, { ...previous, superseded, version: previous.version + 1 }];
};

const versionedPut = (before: TicketRecord, next: TicketRecord): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: toItem(next),
    ConditionExpression: 'version = :v',
    ExpressionAttributeValues: { ':v': before.version },
  },
});

/** The report row follows the ticket; a changed creation date (never, today) would move it to another partition. */
const reportRowWrites = (before: TicketRecord, next: TicketRecord): TransactItem[] => {
  const row = reportRowOf(next);
  const old = reportRowOf(before);
  return [
    ...(old.pk !== row.pk || old.sk !== row.sk ? [{ Delete: { TableName: tableName(), Key: { pk: old.pk, sk: old.sk } } }] : []),
    { Put: { TableName: tableName(), Item: row } },
  ];
};

export const ticketWrites = async (
  before: TicketRecord,
  after: TicketRecord,
  options: SaveOptions = {},
): Promise<TicketWrites> => {
  const next: TicketRecord = {
    ...after,
    version: before.version + 1,
    superseded: after.status === 'closed' ? (after.superseded ?? false) : false,
  };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: toItem(next),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': before.version },
      },
    },
  ];
  let conversationIndex = -1;
  if (options.conversation === 'activate') {
    conversationIndex = items.length;
    items.push(conversationPut(next, true, 'free'));
  } else if (options.conversation === 'deactivate') {
    items.push({
      Update: {
        TableName: tableName(),
        Key: conversationKey(next.companyId, next.contactId, next.whatsappId),
        UpdateExpression: 'SET active = :false, updatedAt = :at',
        ConditionExpression: 'ticketId = :id',
        ExpressionAttributeValues: { ':false': false, ':at': next.updatedAt, ':id': next.id },
      },
    });
  }
  const previous = await predecessorChange(before, next);
  if (previous) items.push(versionedPut(previous[0], previous[1]));
  items.push(
    ...counterUpdates(next.companyId, [before, next], ...(previous ? [previous] : [])),
    ...(options.logs ?? []).map((l) => logPut(next, l)),
  );
  if (reportRowChanged(before, next)) items.push(...reportRowWrites(before, next));
  return { next, items, conversationIndex };
};

/** Writes `after` over `before` if nobody changed the ticket meanwhile; keeps counters and the conversation in step. */
export const saveTicket = async (before: TicketRecord, after: TicketRecord, options: SaveOptions = {}): Promise<TicketRecord> => {
  const { next, items, conversationIndex } = await ticketWrites(before, after, options);
  if (items.length === 1) {
    // the common case (a message moved the ticket): one conditional put, at half the cost of a transaction
    try {
      await table().send(new PutCommand(items[0]!.Put!));
      return next;
    } catch (error) {
      if (isConditionalCheckFailure(error)) throw new TicketChanged();
      throw error;
    }
  }
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    await raceFailure(error, next, conversationIndex);
  }
  return next;
};

export const deleteTicketItems = async (t: TicketRecord): Promise<void> => {
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: ticketKey(t.companyId, t.id),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': t.version },
      },
    },
    { Delete: { TableName: tableName(), Key: ticketUuidKey(t.companyId, t.uuid) } },
    { Delete: { TableName: tableName(), Key: { pk: reportRowOf(t).pk, sk: reportRowOf(t).sk } } },
  ];
  const previous = await predecessorChange(t, undefined);
  if (previous) items.push(versionedPut(previous[0], previous[1]));
  items.push(...counterUpdates(t.companyId, [t, undefined], ...(previous ? [previous] : [])));
  const conv = await getConversation(t.companyId, t.contactId, t.whatsappId);
  if (conv?.ticketId === t.id)
    items.push({
      Delete: {
        TableName: tableName(),
        Key: conversationKey(t.companyId, t.contactId, t.whatsappId),
        ConditionExpression: 'ticketId = :id',
        ExpressionAttributeValues: { ':id': t.id },
      },
    });
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new TicketChanged();
    throw error;
  }
};

export type TicketIndex = 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4';

export interface IndexPage {
  items: TicketRecord[];
  lastKey?: Record<string, string>;
}

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
  return {
    items: (out.items as TicketItem[]).map(stripTicket),
    lastKey: out.next as Record<string, string> | undefined,
  };
};

/** The keys an index query resumes after, taken from a ticket it returned. */
export const resumeKeyOf = (index: TicketIndex, t: TicketRecord): Record<string, string> => {
  const item = toItem(t);
  return { pk: item.pk, sk: item.sk, [`${index}pk`]: item[`${index}pk`], [`${index}sk`]: item[`${index}sk`] };
};

export const getCounters = async (companyId: number, dims: string[]): Promise<Map<string, number>> => {
  const unique = [...new Set(dims)];
  if (unique.length === 0) return new Map();
  const out = await table().send(
    new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: unique.map((sk) => ({ pk: counterPk(companyId), sk })) } } }),
  );
  return new Map(((out.Responses?.[tableName()] ?? []) as { sk: string; count: number }[]).map((c) => [c.sk, c.count]));
};

export const listLogItems = (companyId: number, ticketId: number): Promise<LogItem[]> =>
  queryAll<LogItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': ticketPk(companyId, ticketId), ':p': 'LOG#' },
  });

export const putLog = async (t: TicketRecord, log: LogInput): Promise<void> => {
  const put = logPut(t, log).Put!;
  await table().send(new PutCommand({ TableName: put.TableName, Item: put.Item }));
};

export const putNote = async (note: NoteItem): Promise<void> => {
  await table().send(new PutCommand({ TableName: tableName(), Item: note, ConditionExpression: 'attribute_not_exists(pk)' }));
};

export const listNoteItems = async (companyId: number, ticketId: number): Promise<NoteItem[]> => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': ticketPk(companyId, ticketId), ':p': 'NOTE#' },
      ScanIndexForward: false,
      Limit: 200,
    }),
  );
  return (out.Items ?? []) as NoteItem[];
};

export const getNoteItem = async (companyId: number, ticketId: number, ulid: string): Promise<NoteItem | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: { pk: ticketPk(companyId, ticketId), sk: noteSk(ulid) } }),
  );
  return out.Item as NoteItem | undefined;
};

export const deleteNoteItem = async (companyId: number, ticketId: number, ulid: string): Promise<void> => {
  await table().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: { pk: ticketPk(companyId, ticketId), sk: noteSk(ulid) },
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ],
    }),
  );
};

/** Deletes what a deleted ticket's partition still holds (messages, logs, notes), a page at a time. */
export const purgeTicketPartition = async (companyId: number, ticketId: number): Promise<number> => {
  let removed = 0;
  for (;;) {
    const out = await table().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': ticketPk(companyId, ticketId) },
        ProjectionExpression: 'pk, sk',
        Limit: 100,
      }),
    );
    const keys = (out.Items ?? []).filter((i) => i.sk !== 'TICKET') as { pk: string; sk: string }[];
    if (keys.length === 0) return removed;
    for (let i = 0; i < keys.length; i += 25) {
      let pending = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      while (pending.length) {
        const res = await table().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (res.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
    removed += keys.length;
  }
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
  return {
    items: (out.items as TicketItem[]).map(stripTicket),
    lastKey: out.next as Record<string, string> | undefined,
  };
};

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
