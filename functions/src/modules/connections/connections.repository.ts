import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { queryWholePartition } from '../../platform/table/partition.repository.ts';
import { connectionKey, webchatTokenKey, type ConnectionItem, type ConnectionRecord, type WebchatTokenItem } from './connection.entity.ts';

const strip = ({ pk: _pk, sk: _sk, type: _t, ...record }: ConnectionItem): ConnectionRecord => record;

export const getConnectionRecord = async (companyId: number, id: number): Promise<ConnectionRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: connectionKey(companyId, id) }));
  return out.Item ? strip(out.Item as ConnectionItem) : undefined;
};

export const listConnectionRecords = async (companyId: number): Promise<ConnectionRecord[]> =>
  (await queryWholePartition<ConnectionItem>(companyPk(companyId), 'CONN#')).map(strip);

export const getWebchatToken = async (token: string): Promise<WebchatTokenItem | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: webchatTokenKey(token) }));
  return out.Item as WebchatTokenItem | undefined;
};

export const insertConnection = async (record: ConnectionRecord): Promise<void> => {
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    { Put: { TableName: tableName(), Item: { ...connectionKey(record.companyId, record.id), type: 'connection', ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (record.channel === 'webchat' && record.token) {
    const marker: WebchatTokenItem = { ...webchatTokenKey(record.token), type: 'webchatToken', companyId: record.companyId, connectionId: record.id };
    items.push({ Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } });
  }
  await table().send(new TransactWriteCommand({ TransactItems: items }));
};
