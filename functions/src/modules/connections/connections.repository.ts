/** All table access of connections. */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure, isTransactionConflict } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { queryWholePartition } from '../../platform/table/partition.repository.ts';
import {
  connectionKey,
  connectionPrefix,
  connectionSetKey,
  webchatTokenKey,
  type ConnectionItem,
  type ConnectionRecord,
  type ConnectionSetItem,
  type ConnectionSettings,
  type WebchatTokenItem,
} from './connection.entity.ts';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** Items written before a field existed read as its default. */
const strip = ({ pk: _pk, sk: _sk, type: _t, ...record }: ConnectionItem): ConnectionRecord => ({
  ...record,
  outOfHoursMessage: (record as Partial<ConnectionRecord>).outOfHoursMessage ?? '',
});

export const getConnectionRecord = async (companyId: number, id: number): Promise<ConnectionRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: connectionKey(companyId, id) }));
  const item = out.Item as ConnectionItem | undefined;
  return item && item.companyId === companyId ? strip(item) : undefined;
};

export const listConnectionRecords = async (companyId: number): Promise<ConnectionRecord[]> =>
  (await queryWholePartition<ConnectionItem>(companyPk(companyId), connectionPrefix)).map(strip);

export const getWebchatToken = async (token: string): Promise<WebchatTokenItem | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: webchatTokenKey(token) }));
  return out.Item as WebchatTokenItem | undefined;
};

export interface ConnectionSet {
  /** 0 before the company's first change through the set */
  rev: number;
  connections: ConnectionRecord[];
}

/** The company's connections with the set's rev, read consistently: a write conditioned on the rev saw them all. */
export const readConnectionSet = async (companyId: number): Promise<ConnectionSet> => {
  const set = await table().send(new GetCommand({ TableName: tableName(), Key: connectionSetKey(companyId), ConsistentRead: true }));
  const connections: ConnectionRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': companyPk(companyId), ':prefix': connectionPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    connections.push(...(page.Items ?? []).map((i) => strip(i as ConnectionItem)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { rev: (set.Item as ConnectionSetItem | undefined)?.rev ?? 0, connections };
};

/** A change of the company's set: the rev it was decided on, and the connections that lose the default flag. */
export interface SetChange {
  rev: number;
  clearDefault: number[];
}

export type WriteOutcome = 'ok' | 'stale';

const bumpSet = (companyId: number, rev: number): TransactItem => {
  const item: ConnectionSetItem = { ...connectionSetKey(companyId), type: 'connectionSet', companyId, rev: rev + 1 };
  return {
    Put: {
      TableName: tableName(),
      Item: item,
      ...(rev === 0 ? { ConditionExpression: 'attribute_not_exists(pk)' } : { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': rev } }),
    },
  };
};

const clearDefault = (companyId: number, id: number, at: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: connectionKey(companyId, id),
    UpdateExpression: 'SET isDefault = :no, updatedAt = :at',
    ConditionExpression: 'isDefault = :yes',
    ExpressionAttributeValues: { ':no': false, ':yes': true, ':at': at },
  },
});

const putTokenMarker = (companyId: number, connectionId: number, token: string): TransactItem => {
  const marker: WebchatTokenItem = { ...webchatTokenKey(token), type: 'webchatToken', companyId, connectionId };
  return { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } };
};

const deleteTokenMarker = (token: string): TransactItem => ({ Delete: { TableName: tableName(), Key: webchatTokenKey(token) } });

const setChangeItems = (companyId: number, change: SetChange | undefined, at: string): TransactItem[] =>
  change ? [...change.clearDefault.map((id) => clearDefault(companyId, id, at)), bumpSet(companyId, change.rev)] : [];

/** A failed condition means someone changed the set or the connection since it was read: read again and retry. */
const write = async (items: TransactItem[]): Promise<WriteOutcome> => {
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error) || isTransactionConflict(error)) return 'stale';
    throw error;
  }
};

/** Writes a new connection with its web chat token marker. */
export const insertConnection = (record: ConnectionRecord, change: SetChange): Promise<WriteOutcome> =>
  write([
    {
      Put: {
        TableName: tableName(),
        Item: { ...connectionKey(record.companyId, record.id), type: 'connection', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...(record.channel === 'webchat' && record.token ? [putTokenMarker(record.companyId, record.id, record.token)] : []),
    ...setChangeItems(record.companyId, change, record.createdAt),
  ]);

export interface ConnectionUpdate {
  settings: Partial<ConnectionSettings>;
  updatedAt: string;
  /** a new token replacing the one read */
  token?: string;
  /** when the default flag moves to this connection */
  setChange?: SetChange;
}

/**
 * Sets the edited fields only (a session's status, written by its channel meanwhile, is kept). A new web chat
 * token replaces the old one's marker in the same transaction, so the old token stops resolving at once.
 */
export const updateConnectionRecord = (before: ConnectionRecord, update: ConnectionUpdate): Promise<WriteOutcome> => {
  const fields: Record<string, unknown> = { ...update.settings, updatedAt: update.updatedAt, ...(update.token ? { token: update.token } : {}) };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    names[`#${key}`] = key;
    values[`:${key}`] = value;
    sets.push(`#${key} = :${key}`);
  }
  let condition = 'attribute_exists(pk)';
  if (update.token && before.token) {
    names['#token'] = 'token';
    values[':readToken'] = before.token;
    condition += ' AND #token = :readToken';
  }
  const markers =
    update.token && before.channel === 'webchat'
      ? [...(before.token ? [deleteTokenMarker(before.token)] : []), putTokenMarker(before.companyId, before.id, update.token)]
      : [];
  return write([
    {
      Update: {
        TableName: tableName(),
        Key: connectionKey(before.companyId, before.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
    ...markers,
    ...setChangeItems(before.companyId, update.setChange, update.updatedAt),
  ]);
};

/** Deletes a connection with its web chat token marker, so its widget stops answering. */
export const deleteConnectionRecord = (record: ConnectionRecord, rev: number): Promise<WriteOutcome> =>
  write([
    { Delete: { TableName: tableName(), Key: connectionKey(record.companyId, record.id), ConditionExpression: 'attribute_exists(pk)' } },
    ...(record.channel === 'webchat' && record.token ? [deleteTokenMarker(record.token)] : []),
    bumpSet(record.companyId, rev),
  ]);
