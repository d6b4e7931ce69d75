import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { visitorTicketKey, type VisitorTicketRecord } from './visitor-ticket.entity.ts';

export const putVisitorTicket = async (
  companyId: number,
  hash: string,
  record: Omit<VisitorTicketRecord, 'companyId'>,
): Promise<void> => {
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...visitorTicketKey(hash), type: 'visitorTicket', companyId, ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

/** Takes a ticket: deleted in the same call that reads it, so a second use finds nothing. */
export const takeVisitorTicket = async (hash: string): Promise<VisitorTicketRecord | undefined> => {
  const out = await table().send(
    new DeleteCommand({ TableName: tableName(), Key: visitorTicketKey(hash), ReturnValues: 'ALL_OLD' }),
  );
  if (!out.Attributes) return undefined;
  const {
    pk: _pk,
    sk: _sk,
    type: _type,
    ...record
  } = out.Attributes as VisitorTicketRecord & { pk: string; sk: string; type: string };
  return record;
};
