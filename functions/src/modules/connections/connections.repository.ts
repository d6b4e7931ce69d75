/** All table access of connections. */
import { GetCommand, type TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { traitsOf } from '@switchboard/shared/channel-traits';
import { table, tableName } from '../../platform/table/client.ts';
import { conditionHeld, transactUnlessStaleOrCollided } from '../../platform/table/guarded-writes.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { queryWholePartition } from '../../platform/table/partition.repository.ts';
import {
  apiTokenKey,
  connectionKey,
  connectionPrefix,
  connectionSetKey,
  graphAccountKey,
  graphHookKey,
  webchatTokenKey,
  type ApiTokenItem,
  type ConnectionItem,
  type ConnectionRecord,
  type ConnectionSetItem,
  type ConnectionSettings,
  type GraphMarkerItem,
  type GraphSettings,
  type WebchatTokenItem,
} from './connection.entity.ts';
import { strip } from '../../platform/table/strip.ts';
import { queryAll } from '../../platform/table/paging.ts';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** Items written before a field existed read as its default. */
const toRecord = (item: ConnectionItem): ConnectionRecord => ({
  ...strip(item),
  outOfHoursMessage: (item as Partial<ConnectionRecord>).outOfHoursMessage ?? '',
});

export const getConnectionRecord = async (companyId: number, id: number): Promise<ConnectionRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: connectionKey(companyId, id) }));
  const item = out.Item as ConnectionItem | undefined;
  return item && item.companyId === companyId ? toRecord(item) : undefined;
};

export const listConnectionRecords = async (companyId: number): Promise<ConnectionRecord[]> =>
  (await queryWholePartition<ConnectionItem>(companyPk(companyId), connectionPrefix)).map(toRecord);

/** The marker of a web chat's public widget key. */
export const getWidgetKeyMarker = async (widgetKey: string): Promise<WebchatTokenItem | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: webchatTokenKey(widgetKey) }));
  return out.Item as WebchatTokenItem | undefined;
};

/** The marker of a connection's secret API token; read consistently, so a regenerated token is refused at once. */
export const getApiTokenMarker = async (token: string): Promise<ApiTokenItem | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: apiTokenKey(token), ConsistentRead: true }));
  return out.Item as ApiTokenItem | undefined;
};

export interface ConnectionSet {
  /** 0 before the company's first change through the set */
  rev: number;
  connections: ConnectionRecord[];
}

/** The company's connections with the set's rev, read consistently: a write conditioned on the rev saw them all. */
export const readConnectionSet = async (companyId: number): Promise<ConnectionSet> => {
  const set = await table().send(
    new GetCommand({ TableName: tableName(), Key: connectionSetKey(companyId), ConsistentRead: true }),
  );
  const items = await queryAll<ConnectionItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ':prefix': connectionPrefix },
    ConsistentRead: true,
  });
  const connections = items.map(toRecord);
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
      ...(rev === 0
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': rev } }),
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

const putApiTokenMarker = (companyId: number, connectionId: number, token: string): TransactItem => {
  const marker: ApiTokenItem = { ...apiTokenKey(token), type: 'apiToken', companyId, connectionId };
  return { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } };
};

const putWidgetKeyMarker = (companyId: number, connectionId: number, widgetKey: string): TransactItem => {
  const marker: WebchatTokenItem = { ...webchatTokenKey(widgetKey), type: 'webchatToken', companyId, connectionId };
  return { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } };
};

const deleteMarker = (Key: { pk: string; sk: string }): TransactItem => ({ Delete: { TableName: tableName(), Key } });

/** The markers a connection is found by without sign-in: its API token's, and a web chat's widget key's. */
const credentialMarkers = (r: Pick<ConnectionRecord, 'companyId' | 'id' | 'token' | 'widgetKey'>): TransactItem[] => [
  ...(r.token ? [putApiTokenMarker(r.companyId, r.id, r.token)] : []),
  ...(r.widgetKey ? [putWidgetKeyMarker(r.companyId, r.id, r.widgetKey)] : []),
];

const setChangeItems = (companyId: number, change: SetChange | undefined, at: string): TransactItem[] =>
  change ? [...change.clearDefault.map((id) => clearDefault(companyId, id, at)), bumpSet(companyId, change.rev)] : [];

/** A failed condition means someone changed the set or the connection since it was read: read again and retry. */
const write = (items: TransactItem[]): Promise<WriteOutcome> => transactUnlessStaleOrCollided(items);

/** The markers Meta's webhooks find a Graph connection by: its webhook key (Cloud API) or its page or account id. */
const graphMarkerKeys = (r: ConnectionRecord): { pk: string; sk: string }[] => {
  if (!r.graph) return [];
  const kind = traitsOf(r.channel).graphAccount;
  if (kind === 'phone-number') return r.graph.webhookKey ? [graphHookKey(r.graph.webhookKey)] : [];
  const account = kind === 'instagram-account' ? r.graph.instagramAccountId : r.graph.pageId;
  return account ? [graphAccountKey(r.channel, account)] : [];
};

/** A page or account already connected (in any company) fails the write: one connection receives its events. */
const putGraphMarker = (r: ConnectionRecord, key: { pk: string; sk: string }): TransactItem => {
  const marker: GraphMarkerItem = { ...key, type: 'graphMarker', companyId: r.companyId, connectionId: r.id };
  return { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } };
};

export const getGraphMarker = async (key: { pk: string; sk: string }): Promise<GraphMarkerItem | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: key }));
  return out.Item as GraphMarkerItem | undefined;
};

/** Replaces a Graph connection's settings (a new token) and status; the markers' ids do not change. */
export const updateGraphSettings = async (
  r: Pick<ConnectionRecord, 'companyId' | 'id'>,
  graph: GraphSettings,
  fields: { status?: ConnectionRecord['status']; statusReason?: string | null; name?: string; updatedAt: string },
): Promise<boolean> => {
  const sets = Object.entries({ graph, ...fields }).filter(([, v]) => v !== undefined);
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: connectionKey(r.companyId, r.id),
        UpdateExpression: `SET ${sets.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(sets.map(([k], i) => [`#f${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(sets.map(([, v], i) => [`:v${i}`, v])),
      }),
    ),
  );
};

/** Sets a Graph connection's status (and why) when it differs; answers whether it changed. */
export const setGraphConnectionStatus = async (
  companyId: number,
  id: number,
  status: ConnectionRecord['status'],
  updatedAt: string,
  statusReason: string | null = null,
): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: connectionKey(companyId, id),
        UpdateExpression: 'SET #status = :status, statusReason = :reason, updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND #status <> :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':reason': statusReason, ':at': updatedAt },
      }),
    ),
  );
};

/** Writes a new connection with its credential markers (and `extra` writes of its channel, such as a session's). */
export const insertConnection = (
  record: ConnectionRecord,
  change: SetChange,
  extra: TransactItem[] = [],
): Promise<WriteOutcome> =>
  write([
    {
      Put: {
        TableName: tableName(),
        Item: { ...connectionKey(record.companyId, record.id), type: 'connection', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    // the external messages API finds it by its API token, a web chat's widget by its widget key
    ...credentialMarkers(record),
    ...graphMarkerKeys(record).map((key) => putGraphMarker(record, key)),
    ...setChangeItems(record.companyId, change, record.createdAt),
    ...extra,
  ]);

export interface ConnectionUpdate {
  settings: Partial<ConnectionSettings>;
  updatedAt: string;
  /** a new API token replacing the one read */
  token?: string;
  /** a web chat's new widget key replacing the one read */
  widgetKey?: string;
  /** when the default flag moves to this connection */
  setChange?: SetChange;
}

/**
 * Sets the edited fields only (a session's status, written by its channel meanwhile, is kept). A new API token or
 * widget key replaces the old one's marker in the same transaction, so the old one stops resolving at once.
 */
export const updateConnectionRecord = (before: ConnectionRecord, update: ConnectionUpdate): Promise<WriteOutcome> => {
  const fields: Record<string, unknown> = {
    ...update.settings,
    updatedAt: update.updatedAt,
    ...(update.token ? { token: update.token } : {}),
    ...(update.widgetKey ? { widgetKey: update.widgetKey } : {}),
  };
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
  if (update.widgetKey && before.widgetKey) {
    names['#widgetKey'] = 'widgetKey';
    values[':readWidgetKey'] = before.widgetKey;
    condition += ' AND #widgetKey = :readWidgetKey';
  }
  const markers = [
    ...(update.token
      ? [
          ...(before.token ? [deleteMarker(apiTokenKey(before.token))] : []),
          putApiTokenMarker(before.companyId, before.id, update.token),
        ]
      : []),
    ...(update.widgetKey
      ? [
          ...(before.widgetKey ? [deleteMarker(webchatTokenKey(before.widgetKey))] : []),
          putWidgetKeyMarker(before.companyId, before.id, update.widgetKey),
        ]
      : []),
  ];
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

/** Deletes a connection with its credential markers, so its widget and its API token stop answering. */
export const deleteConnectionRecord = (
  record: ConnectionRecord,
  rev: number,
  extra: TransactItem[] = [],
): Promise<WriteOutcome> =>
  write([
    ...extra,
    {
      Delete: {
        TableName: tableName(),
        Key: connectionKey(record.companyId, record.id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    ...(record.token ? [deleteMarker(apiTokenKey(record.token))] : []),
    ...(record.widgetKey ? [deleteMarker(webchatTokenKey(record.widgetKey))] : []),
    ...graphMarkerKeys(record).map((Key): TransactItem => ({ Delete: { TableName: tableName(), Key } })),
    bumpSet(record.companyId, rev),
  ]);
