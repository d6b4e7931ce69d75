import { encodeTime } from 'ulid';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  DeleteCommand,
  type NativeAttributeValue,
} from '@aws-sdk/lib-dynamodb';
import { failedTransactionItem, isConditionalCheckFailure, isTransactionConflict } from '../../platform/errors.ts';
import { table, tableName, type TransactItem } from '../../platform/table/client.ts';
import { updateUnlessConditionFails } from '../../platform/table/guarded-writes.ts';
import { queryKeyPage } from '../../platform/table/paging.ts';
import { ticketPk } from '../tickets/ticket.entity.ts';
import {
  channelIdKey,
  messageSk,
  type ChannelIdItem,
  type MessageItem,
  type MessageRecord,
  type SendState,
} from './message.entity.ts';
import { strip } from '../../platform/table/strip.ts';

/** The same channel message was stored before; carries where. */
export class DuplicateMessage extends Error {
  constructor(readonly existing: { ticketId: number; ulid: string }) {
    super('duplicate message');
  }
}

/**
 * A write committed with the message (the ticket it moves) failed its condition, or the transaction met another
 * one on the same items (`index` -1); nothing was stored.
 */
export class LinkedWriteFailed extends Error {
  constructor(readonly index: number) {
    super('linked write failed');
  }
}

/**
 * Stores a message once: with a channel id, a second insert of the same id changes nothing. `linked` writes (the
 * ticket the message moves) commit in the same transaction, so a message is never stored without its ticket
 * change, nor the other way round.
 */
export const insertMessage = async (m: MessageRecord, linked: TransactItem[] = []): Promise<void> => {
  const item: MessageItem = { pk: ticketPk(m.companyId, m.ticketId), sk: messageSk(m.ulid), type: 'message', ...m };
  const marker: ChannelIdItem | undefined = m.channelMessageId
    ? {
        ...channelIdKey(m.companyId, m.connectionId, m.channelMessageId),
        type: 'channelMessageId',
        companyId: m.companyId,
        ticketId: m.ticketId,
        ulid: m.ulid,
      }
    : undefined;
  const own: TransactItem[] = [
    ...(marker ? [{ Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } }] : []),
    { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  try {
    await table().send(new TransactWriteCommand({ TransactItems: [...own, ...linked] }));
  } catch (error) {
    if (isTransactionConflict(error)) throw new LinkedWriteFailed(-1);
    if (!isConditionalCheckFailure(error)) throw error;
    const failed = failedTransactionItem(error);
    if (marker && failed === 0) {
      const existing = await getChannelId(m.companyId, m.connectionId, m.channelMessageId!);
      throw new DuplicateMessage({ ticketId: existing?.ticketId ?? m.ticketId, ulid: existing?.ulid ?? m.ulid });
    }
    if (failed >= own.length) throw new LinkedWriteFailed(failed - own.length);
    throw error;
  }
};

export const getChannelId = async (
  companyId: number,
  connectionId: number,
  channelMessageId: string,
): Promise<ChannelIdItem | undefined> => {
  const out = await table().send(
    new GetCommand({
      TableName: tableName(),
      Key: channelIdKey(companyId, connectionId, channelMessageId),
      ConsistentRead: true,
    }),
  );
  return out.Item as ChannelIdItem | undefined;
};

export const getMessageRecord = async (companyId: number, ticketId: number, ulid: string): Promise<MessageRecord | undefined> => {
  const out = await table().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: ticketPk(companyId, ticketId), sk: messageSk(ulid) },
      ConsistentRead: true,
    }),
  );
  return out.Item ? strip(out.Item as MessageItem) : undefined;
};

export const listMessageRecords = async (
  companyId: number,
  ticketId: number,
  options: { limit: number; startKey?: Record<string, string>; forward?: boolean },
): Promise<{ items: MessageRecord[]; lastKey?: Record<string, string> }> => {
  const out = await queryKeyPage<Record<string, NativeAttributeValue>>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': ticketPk(companyId, ticketId), ':p': 'M#' },
      ScanIndexForward: options.forward ?? false,
    },
    { start: options.startKey, limit: options.limit },
  );
  return {
    items: (out.items as MessageItem[]).map(strip),
    lastKey: out.next as Record<string, string> | undefined,
  };
};

/**
 * A ticket's messages stored at or before `upToMs` (by the time in their ULID), newest first, at most `limit`: one
 * Query on the ticket's partition, whatever the conversation's length.
 */
export const listMessageRecordsUpTo = async (
  companyId: number,
  ticketId: number,
  upToMs: number,
  limit: number,
): Promise<MessageRecord[]> => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      // the largest ULID of that millisecond: its time, then the highest Crockford digit everywhere else
      ExpressionAttributeValues: {
        ':pk': ticketPk(companyId, ticketId),
        ':from': 'M#',
        ':to': messageSk(`${encodeTime(Math.max(0, upToMs), 10)}${'Z'.repeat(16)}`),
      },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return ((out.Items ?? []) as MessageItem[]).map(strip);
};

/**
 * Gives an outgoing message the provider's id its echo carried, with the id's marker, while the message's own send
 * has not settled (`onMessage`), or only the marker (the id of a further part of a send, a file's caption). False
 * when the id is taken or the send settled meanwhile.
 */
export const attachChannelId = async (
  m: Pick<MessageRecord, 'companyId' | 'ticketId' | 'ulid' | 'connectionId'>,
  channelMessageId: string,
  onMessage: boolean,
): Promise<boolean> => {
  const marker: ChannelIdItem = {
    ...channelIdKey(m.companyId, m.connectionId, channelMessageId),
    type: 'channelMessageId',
    companyId: m.companyId,
    ticketId: m.ticketId,
    ulid: m.ulid,
  };
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (onMessage) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: { pk: ticketPk(m.companyId, m.ticketId), sk: messageSk(m.ulid) },
        UpdateExpression: 'SET channelMessageId = :id',
        ConditionExpression:
          'sendState IN (:pending, :sending) AND (attribute_not_exists(channelMessageId) OR channelMessageId = :none)',
        ExpressionAttributeValues: { ':id': channelMessageId, ':pending': 'pending', ':sending': 'sending', ':none': null },
      },
    });
  }
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error) || isTransactionConflict(error)) return false;
    throw error;
  }
};

type Patch = Partial<
  Pick<MessageRecord, 'body' | 'ack' | 'isDeleted' | 'isEdited' | 'read' | 'error' | 'sendState' | 'updatedAt'>
>;

/** Updates a stored message; `onlyIfAckBelow` keeps acks from going backwards. */
export const updateMessageRecord = async (
  companyId: number,
  ticketId: number,
  ulid: string,
  patch: Patch,
  options: { onlyIfAckBelow?: number } = {},
): Promise<MessageRecord | undefined> => {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  const attributes = await updateUnlessConditionFails({
    Key: { pk: ticketPk(companyId, ticketId), sk: messageSk(ulid) },
    UpdateExpression: 'SET ' + entries.map((_, i) => `#f${i} = :v${i}`).join(', '),
    ConditionExpression:
      options.onlyIfAckBelow !== undefined ? 'attribute_exists(pk) AND ack < :ackLimit' : 'attribute_exists(pk)',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
    ExpressionAttributeValues: {
      ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      ...(options.onlyIfAckBelow !== undefined ? { ':ackLimit': options.onlyIfAckBelow } : {}),
    },
    ReturnValues: 'ALL_NEW',
  });
  return attributes && strip(attributes as MessageItem);
};

export const deleteMessageRecord = async (companyId: number, ticketId: number, ulid: string): Promise<void> => {
  await table().send(
    new DeleteCommand({ TableName: tableName(), Key: { pk: ticketPk(companyId, ticketId), sk: messageSk(ulid) } }),
  );
};

/**
 * Claims a queued send for one attempt (pending -> sending at `at`). Answers the claimed message, or nothing when
 * it is not pending (claimed, settled) or was deleted meanwhile.
 */
export const claimSend = async (
  companyId: number,
  ticketId: number,
  ulid: string,
  at: string,
): Promise<MessageRecord | undefined> => {
  const attributes = await updateUnlessConditionFails({
    Key: { pk: ticketPk(companyId, ticketId), sk: messageSk(ulid) },
    UpdateExpression: 'SET sendState = :sending, sendAttemptAt = :at',
    ConditionExpression: 'sendState = :pending AND isDeleted = :false',
    ExpressionAttributeValues: { ':sending': 'sending', ':pending': 'pending', ':false': false, ':at': at },
    ReturnValues: 'ALL_NEW',
  });
  return attributes && strip(attributes as MessageItem);
};

export interface SendOutcome {
  sendState: Exclude<SendState, 'sending'>;
  ack?: number;
  channelMessageId?: string;
  error?: string | null;
  updatedAt: string;
}

/**
 * Ends the claim made at `claimedAt` with its outcome; only that claim's holder gets through. A provider's message
 * id is written with its marker, so the provider's later acks, edits and echoes find the message. Answers the
 * message as stored, or nothing when the claim was no longer there.
 */
export const settleSend = async (
  m: Pick<MessageRecord, 'companyId' | 'ticketId' | 'ulid' | 'connectionId'>,
  claimedAt: string,
  outcome: SendOutcome,
): Promise<MessageRecord | undefined> => {
  const entries = Object.entries(outcome).filter(([, v]) => v !== undefined);
  const update = {
    TableName: tableName(),
    Key: { pk: ticketPk(m.companyId, m.ticketId), sk: messageSk(m.ulid) },
    UpdateExpression: 'SET ' + entries.map((_, i) => `#f${i} = :v${i}`).join(', '),
    ConditionExpression: 'sendState = :sending AND sendAttemptAt = :claimedAt',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
    ExpressionAttributeValues: {
      ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      ':sending': 'sending',
      ':claimedAt': claimedAt,
    },
  };
  try {
    if (outcome.channelMessageId) {
      const marker: ChannelIdItem = {
        ...channelIdKey(m.companyId, m.connectionId, outcome.channelMessageId),
        type: 'channelMessageId',
        companyId: m.companyId,
        ticketId: m.ticketId,
        ulid: m.ulid,
      };
      try {
        await table().send(
          new TransactWriteCommand({
            TransactItems: [
              { Update: update },
              { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
            ],
          }),
        );
        return await getMessageRecord(m.companyId, m.ticketId, m.ulid);
      } catch (error) {
        // the provider's echo was stored before the outcome: the id stays on the message without taking the marker
        if (!isConditionalCheckFailure(error) || failedTransactionItem(error) !== 1) throw error;
      }
    }
    const out = await table().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
    return strip(out.Attributes as MessageItem);
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
};
