/**
 * The tickets an import of old messages created, per connection, until they are closed:
 * pk C#<cid>#TIMP#<connectionId>, sk <padded ticketId>. Closing them reads one bounded page at a time and deletes
 * each marker once its ticket is closed, so a retried or continued close starts where the last one stopped.
 */
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { padId } from '../../platform/table/keys.ts';

export const importedTicketsPk = (companyId: number, connectionId: number) => `C#${companyId}#TIMP#${padId(connectionId)}`;

export interface ImportedTicketItem {
  pk: string;
  sk: string;
  type: 'importedTicket';
  companyId: number;
  connectionId: number;
  ticketId: number;
}

export const putImportedTicket = async (companyId: number, connectionId: number, ticketId: number): Promise<void> => {
  const item: ImportedTicketItem = {
    pk: importedTicketsPk(companyId, connectionId),
    sk: padId(ticketId),
    type: 'importedTicket',
    companyId,
    connectionId,
    ticketId,
  };
  await table().send(new PutCommand({ TableName: tableName(), Item: item }));
};

/** The first `limit` imported tickets of a connection still to close, and whether more follow. */
export const firstImportedTickets = async (
  companyId: number,
  connectionId: number,
  limit: number,
): Promise<{ ticketIds: number[]; hasMore: boolean }> => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': importedTicketsPk(companyId, connectionId) },
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return {
    ticketIds: (out.Items ?? []).map((i) => (i as ImportedTicketItem).ticketId),
    hasMore: out.LastEvaluatedKey !== undefined,
  };
};

export const deleteImportedTicket = async (companyId: number, connectionId: number, ticketId: number): Promise<void> => {
  await table().send(
    new DeleteCommand({ TableName: tableName(), Key: { pk: importedTicketsPk(companyId, connectionId), sk: padId(ticketId) } }),
  );
};
