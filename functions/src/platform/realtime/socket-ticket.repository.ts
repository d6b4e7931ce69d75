import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../table/client.ts';
import { socketTicketKey, type SocketTicketRecord } from './socket-ticket.entity.ts';

export const putSocketTicket = async (hash: string, record: SocketTicketRecord): Promise<void> => {
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...socketTicketKey(hash), type: 'wsTicket', companyId: record.claims.companyId, ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

/** Takes a ticket: deleted in the same call that reads it, so a second use finds nothing. */
export const takeSocketTicket = async (hash: string): Promise<SocketTicketRecord | undefined> => {
  const out = await table().send(
    new DeleteCommand({ TableName: tableName(), Key: socketTicketKey(hash), ReturnValues: 'ALL_OLD' }),
  );
  return out.Attributes as SocketTicketRecord | undefined;
};
