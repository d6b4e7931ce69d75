/** All table access of WhatsApp sessions' intent, visible state and health (whatsapp-session.entity.ts). */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type ConnectionStatus, SESSION_HISTORY_MAX, type SessionHealthEntry } from '@switchboard/shared/contracts/connections';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName, type TransactItem } from '../../platform/table/client.ts';
import { conditionHeld, updateUnlessConditionFails } from '../../platform/table/guarded-writes.ts';
import { queryKeyPage } from '../../platform/table/paging.ts';
import { connectionKey, type ConnectionItem, type ConnectionRecord } from './connection.entity.ts';
import {
  SESSIONS_INDEX,
  SESSIONS_INDEX_PK,
  sessionHealthKey,
  sessionIndexKeys,
  sessionIntentKey,
  type SessionDesire,
  type SessionHealthItem,
  type SessionHealthRecord,
  type SessionIntent,
  type SessionIntentItem,
} from './whatsapp-session.entity.ts';
import { strip } from '../../platform/table/strip.ts';

const intentItem = (intent: SessionIntent): SessionIntentItem => ({
  ...sessionIntentKey(intent.companyId, intent.connectionId),
  ...sessionIndexKeys(intent.companyId, intent.connectionId),
  type: 'waSessionIntent',
  ...intent,
});

/** The writes that give a new connection its session (written in the connection's own transaction). */
export const newSessionItems = (companyId: number, connectionId: number, at: string): TransactItem[] => {
  const health: SessionHealthItem = {
    ...sessionHealthKey(companyId, connectionId),
    type: 'waSessionHealth',
    companyId,
    connectionId,
    history: [{ status: 'OPENING', at }],
    reconnects: 0,
    recovered: 0,
    lastInboundAt: null,
    lastOutboundAt: null,
  };
  return [
    { Put: { TableName: tableName(), Item: intentItem({ companyId, connectionId, desired: 'run', changedAt: at }) } },
    { Put: { TableName: tableName(), Item: health } },
  ];
};

/** The deletes that go with a deleted connection. */
export const deleteSessionItems = (companyId: number, connectionId: number): TransactItem[] => [
  { Delete: { TableName: tableName(), Key: sessionIntentKey(companyId, connectionId) } },
  { Delete: { TableName: tableName(), Key: sessionHealthKey(companyId, connectionId) } },
];

export const getSessionIntent = async (companyId: number, connectionId: number): Promise<SessionIntent | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: sessionIntentKey(companyId, connectionId), ConsistentRead: true }),
  );
  return out.Item ? strip(out.Item as SessionIntentItem) : undefined;
};

/** Changes a session's intent, only while its connection exists (a deleted connection's session is not revived). */
export const putSessionIntent = async (intent: SessionIntent): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new PutCommand({
        TableName: tableName(),
        Item: intentItem(intent),
        // the item goes with its connection: it exists exactly while the connection does
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
};

/** Moves a session's intent from `from` to `to`; false when it had another intent (or its connection is gone). */
export const swapSessionIntent = async (
  companyId: number,
  connectionId: number,
  from: SessionDesire,
  to: SessionDesire,
  at: string,
): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionIntentKey(companyId, connectionId),
        UpdateExpression: 'SET desired = :to, changedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND desired = :from',
        ExpressionAttributeValues: { ':to': to, ':from': from, ':at': at },
      }),
    ),
  );
};

/** One page of the fleet's sessions, in company and connection order. */
export const listSessionIntents = async (
  startKey?: Record<string, unknown>,
): Promise<{ intents: SessionIntent[]; next?: Record<string, unknown> }> => {
  const page = await queryKeyPage<SessionIntentItem>(
    {
      IndexName: SESSIONS_INDEX,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': SESSIONS_INDEX_PK },
    },
    { start: startKey },
  );
  return { intents: page.items.map((i) => strip(i)), next: page.next };
};

export interface SessionStateWrite {
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  /** set when the session learnt its number; left as it is when undefined */
  number?: string | null;
  reason?: string;
  updatedAt: string;
}

/** Writes a session's visible state on its connection; answers the connection as written, undefined once deleted. */
export const writeSessionState = async (
  companyId: number,
  connectionId: number,
  s: SessionStateWrite,
): Promise<ConnectionRecord | undefined> => {
  const values: Record<string, unknown> = {
    ':status': s.status,
    ':qrcode': s.qrcode,
    ':retries': s.retries,
    ':at': s.updatedAt,
    ':wa': 'whatsapp',
  };
  const sets = ['#status = :status', 'qrcode = :qrcode', 'retries = :retries', 'updatedAt = :at'];
  // a change without a reason (another QR code of the same pairing) keeps the one told before
  if (s.reason !== undefined) {
    values[':reason'] = s.reason;
    sets.push('statusReason = :reason');
  }
  if (s.number !== undefined) {
    values[':number'] = s.number;
    sets.push('#number = :number');
  }
  const attributes = await updateUnlessConditionFails({
    Key: connectionKey(companyId, connectionId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(pk) AND channel = :wa',
    ExpressionAttributeNames: { '#status': 'status', ...(s.number !== undefined ? { '#number': 'number' } : {}) },
    ExpressionAttributeValues: values,
    ReturnValues: 'ALL_NEW',
  });
  return attributes && (strip(attributes as ConnectionItem) as ConnectionRecord);
};

const emptyHealth = (companyId: number, connectionId: number): SessionHealthRecord => ({
  companyId,
  connectionId,
  history: [],
  reconnects: 0,
  recovered: 0,
  lastInboundAt: null,
  lastOutboundAt: null,
});

export const getSessionHealth = async (companyId: number, connectionId: number): Promise<SessionHealthRecord> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: sessionHealthKey(companyId, connectionId) }));
  if (!out.Item) return emptyHealth(companyId, connectionId);
  return { ...emptyHealth(companyId, connectionId), ...strip(out.Item as SessionHealthItem) };
};

/**
 * Puts a state change first in the session's history, keeping the newest SESSION_HISTORY_MAX. Only the task holding
 * the session's lease writes here, so reading the list and writing it back loses nothing in practice; the
 * condition on the length read keeps a rare concurrent writer from being overwritten silently (it retries).
 */
export const appendSessionHistory = async (companyId: number, connectionId: number, entry: SessionHealthEntry): Promise<void> => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const out = await table().send(
      new GetCommand({ TableName: tableName(), Key: sessionHealthKey(companyId, connectionId), ConsistentRead: true }),
    );
    // gone with its connection
    if (!out.Item) return;
    const current = out.Item as SessionHealthItem;
    const history = [entry, ...current.history].slice(0, SESSION_HISTORY_MAX);
    try {
      await table().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: sessionHealthKey(companyId, connectionId),
          UpdateExpression: 'SET history = :history',
          ConditionExpression: 'size(history) = :read',
          ExpressionAttributeValues: { ':history': history, ':read': current.history.length },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
};

export interface SessionCounters {
  reconnects?: number;
  recovered?: number;
  lastInboundAt?: string;
  lastOutboundAt?: string;
}

/** Adds to a session's counters and moves its last-traffic times. */
export const addSessionCounters = async (companyId: number, connectionId: number, c: SessionCounters): Promise<void> => {
  const adds: string[] = [];
  const sets: string[] = [];
  const values: Record<string, unknown> = {};
  if (c.reconnects) {
    adds.push('reconnects :reconnects');
    values[':reconnects'] = c.reconnects;
  }
  if (c.recovered) {
    adds.push('recovered :recovered');
    values[':recovered'] = c.recovered;
  }
  if (c.lastInboundAt) {
    sets.push('lastInboundAt = :in');
    values[':in'] = c.lastInboundAt;
  }
  if (c.lastOutboundAt) {
    sets.push('lastOutboundAt = :out');
    values[':out'] = c.lastOutboundAt;
  }
  if (adds.length === 0 && sets.length === 0) return;
  try {
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionHealthKey(companyId, connectionId),
        UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : '']
          .join(' ')
          .trim(),
        // gone with its connection: not written back
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
};

export type { SessionDesire };
