/**
 * The table access of a ticket itself: its reads by id and uuid, and its writes, each in one transaction with what
 * follows the ticket (the conversation pointer, the tab counters, the log, the report row; keys in ticket.entity.ts).
 * The lists, the report and the notes read through ticket-lists, ticket-report and ticket-notes.repository.ts.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { failedTransactionItem, isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName, type TransactItem } from '../../platform/table/client.ts';
import {
  conversationKey,
  counterDims,
  counterPk,
  logSk,
  reportRowChanged,
  reportRowOf,
  ticketItemOf,
  ticketKey,
  ticketOfItem,
  ticketPk,
  ticketUuidKey,
  type ConversationItem,
  type LogItem,
  type TicketItem,
  type TicketRecord,
} from './ticket.entity.ts';

/** The contact already has a running ticket on the connection. */
export class ConversationTaken extends Error {
  constructor(readonly ticketId: number) {
    super('conversation taken');
  }
}
/** Somebody changed the ticket since it was read. */
export class TicketChanged extends Error {}

export const getTicketRecord = async (companyId: number, id: number, consistent = false): Promise<TicketRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: ticketKey(companyId, id), ConsistentRead: consistent }),
  );
  return out.Item ? ticketOfItem(out.Item as TicketItem) : undefined;
};

export const getTicketRecords = async (companyId: number, ids: number[]): Promise<TicketRecord[]> => {
  const unique = [...new Set(ids)];
  const found: TicketRecord[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    const keys = unique.slice(i, i + 100).map((id) => ticketKey(companyId, id));
    const out = await table().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
    found.push(...((out.Responses?.[tableName()] ?? []) as TicketItem[]).map(ticketOfItem));
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
    { Put: { TableName: tableName(), Item: ticketItemOf(t), ConditionExpression: 'attribute_not_exists(pk)' } },
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
    Item: ticketItemOf(next),
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
  const items: TransactItem[] = [versionedPut(before, next)];
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

export const putLog = async (t: TicketRecord, log: LogInput): Promise<void> => {
  const put = logPut(t, log).Put!;
  await table().send(new PutCommand({ TableName: put.TableName, Item: put.Item }));
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
