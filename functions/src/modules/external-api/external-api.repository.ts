/** All table access of the external messages API's own items: its rate counters (idempotency keys: modules/idempotency). */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { rateKey } from './external-api.entity.ts';

/** Counts one call of a connection's token in a minute window (atomic ADD); answers the window's count so far. */
export const countCall = async (companyId: number, connectionId: number, minute: number, expiresAt: number): Promise<number> => {
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: rateKey(companyId, connectionId, minute),
      UpdateExpression: 'ADD calls :one SET #type = :type, companyId = :cid, expiresAt = :exp',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'apiRate', ':cid': companyId, ':exp': expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number((out.Attributes as { calls?: number } | undefined)?.calls ?? 0);
};
