/**
 * Numeric ids people read (company, user, ticket numbers...) come from counter items incremented with ADD,
 * one item per sequence, so they never collide and cost one write each.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from './client.ts';

/** Counter item keys: platform-wide sequences under `COUNTER`, tenant sequences under the company. */
export const counterKey = (scope: string, name: string) => ({ pk: scope, sk: `COUNTER#${name}` });

export const nextId = async (scope: string, name: string): Promise<number> => {
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(scope, name),
      UpdateExpression: 'ADD #seq :one SET #type = :type',
      ExpressionAttributeNames: { '#seq': 'seq', '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'counter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.seq);
};
