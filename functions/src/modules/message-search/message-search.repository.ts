import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { searchPartition, type MessageWordItem } from './message-search.entity.ts';

export const putWordItems = async (items: MessageWordItem[]): Promise<void> => {
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length && attempt < 5; attempt++) {
      const out = await table().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (out.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  }
};

export const deleteWordItems = async (keys: { pk: string; sk: string }[]): Promise<void> => {
  for (let i = 0; i < keys.length; i += 25) {
    let pending = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length && attempt < 5; attempt++) {
      const out = await table().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (out.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  }
};

export const queryWordPrefix = async (companyId: number, prefix: string, limit: number): Promise<MessageWordItem[]> => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': searchPartition(companyId, prefix), ':prefix': prefix },
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as MessageWordItem[];
};
