/**
 * The reads of a user record that every layer needs (the authentication of each request, who a ticket or a queue
 * option names, a queue's members); the users module writes the records.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { companyPk } from '../../platform/table/keys.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { queryKeyPage } from '../../platform/table/paging.ts';
import { strip } from '../../platform/table/strip.ts';
import { emailMarkerKey, userKey, type EmailMarkerItem, type UserItem, type UserRecord } from './user.entity.ts';

/** `consistent`: a strongly consistent read (twice the cost), for what keeps the answer long, as a socket does. */
export const getUser = async (
  companyId: number,
  userId: number,
  options: { consistent?: boolean } = {},
): Promise<UserRecord | undefined> => {
  const out = await table().send(
    new GetCommand({
      TableName: tableName(),
      Key: userKey(companyId, userId),
      ...(options.consistent ? { ConsistentRead: true } : {}),
    }),
  );
  return out.Item ? strip(out.Item as UserItem) : undefined;
};

export const getEmailMarker = async (email: string): Promise<EmailMarkerItem | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: emailMarkerKey(email) }));
  return out.Item as EmailMarkerItem | undefined;
};

/** A page of a company's users in id order; a company has at most its plan's users, so pages are small. */
export const listUserRecords = async (
  companyId: number,
  options: { limit: number; startKey?: Record<string, string> },
): Promise<{ items: UserRecord[]; lastKey?: Record<string, string> }> => {
  const page = await queryKeyPage<UserItem>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': companyPk(companyId), ':p': 'USER#' },
    },
    { limit: options.limit, start: options.startKey },
  );
  return { items: page.items.map(strip), lastKey: page.next as Record<string, string> | undefined };
};
