import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../table/client.ts';
import {
  companyConnectionsIndex,
  connectionKey,
  CONNECTION_TTL_SECONDS,
  type ConnectionItem,
  type ConnectionRecord,
} from './connection.entity.ts';
import { stripWith } from '../../platform/table/strip.ts';
import { queryAll } from '../../platform/table/paging.ts';

const stripConnection = stripWith('expiresAt');

export const putConnection = async (record: ConnectionRecord, nowMs: number): Promise<void> => {
  const item: ConnectionItem = {
    ...connectionKey(record.connectionId),
    ...companyConnectionsIndex(record.companyId, record.connectionId),
    type: 'wsConnection',
    expiresAt: Math.floor(nowMs / 1000) + CONNECTION_TTL_SECONDS,
    ...record,
  };
  await table().send(new PutCommand({ TableName: tableName(), Item: item }));
};

export const getConnection = async (connectionId: string): Promise<ConnectionRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: connectionKey(connectionId) }));
  return out.Item ? stripConnection(out.Item as ConnectionItem) : undefined;
};

export const deleteConnection = async (connectionId: string): Promise<void> => {
  await table().send(new DeleteCommand({ TableName: tableName(), Key: connectionKey(connectionId) }));
};

export const setRooms = async (connectionId: string, rooms: string[]): Promise<void> => {
  await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: connectionKey(connectionId),
      UpdateExpression: 'SET rooms = :rooms',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':rooms': rooms },
    }),
  );
};

/** Live connections of a company (expired items that TTL has not removed yet are skipped). */
export const companyConnections = async (companyId: number, nowMs: number): Promise<ConnectionRecord[]> => {
  const { gsi1pk } = companyConnectionsIndex(companyId, '');
  const items = await queryAll<ConnectionItem>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1pk },
  });
  return items.filter((item) => item.expiresAt * 1000 > nowMs).map(stripConnection);
};
