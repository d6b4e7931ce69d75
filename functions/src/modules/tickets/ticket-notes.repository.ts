/** The table access of a ticket's notes and the reading of its log entries (both in the ticket's partition). */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { queryAll } from '../../platform/table/paging.ts';
import { noteSk, ticketPk, type LogItem, type NoteItem } from './ticket.entity.ts';

export const listLogItems = (companyId: number, ticketId: number): Promise<LogItem[]> =>
  queryAll<LogItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': ticketPk(companyId, ticketId), ':p': 'LOG#' },
  });

export const putNote = async (note: NoteItem): Promise<void> => {
  await table().send(new PutCommand({ TableName: tableName(), Item: note, ConditionExpression: 'attribute_not_exists(pk)' }));
};

export const listNoteItems = async (companyId: number, ticketId: number): Promise<NoteItem[]> => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': ticketPk(companyId, ticketId), ':p': 'NOTE#' },
      ScanIndexForward: false,
      Limit: 200,
    }),
  );
  return (out.Items ?? []) as NoteItem[];
};

export const getNoteItem = async (companyId: number, ticketId: number, ulid: string): Promise<NoteItem | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: { pk: ticketPk(companyId, ticketId), sk: noteSk(ulid) } }),
  );
  return out.Item as NoteItem | undefined;
};

export const deleteNoteItem = async (companyId: number, ticketId: number, ulid: string): Promise<void> => {
  await table().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: { pk: ticketPk(companyId, ticketId), sk: noteSk(ulid) },
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ],
    }),
  );
};
