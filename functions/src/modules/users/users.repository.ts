import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { companyPk } from '../../platform/table/keys.ts';
import { AppError, failedTransactionItem, isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { bumpSetRev } from '../../platform/table/guarded-writes.ts';
import { emailMarkerKey, userKey, type EmailMarkerItem, type UserItem, type UserRecord } from '../user-records/user.entity.ts';
import { strip } from '../../platform/table/strip.ts';
import { getUser } from '../user-records/user-records.repository.ts';

/**
 * The company's user set: { rev }, bumped by every user an admin adds. An addition that checked the plan's limit
 * against the users it counted is written only if no other got in since (the rev it read).
 */
const userSetKey = (companyId: number) => ({ pk: companyPk(companyId), sk: 'USERSET' });

export const readUserSetRev = async (companyId: number): Promise<number> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: userSetKey(companyId), ConsistentRead: true }));
  return (out.Item as { rev?: number } | undefined)?.rev ?? 0;
};

/**
 * Writes the user with its e-mail marker; a taken e-mail answers ERR_DUPLICATED_EMAIL and writes nothing. With
 * `setRev` (the user set's rev read before counting), 'stale' when another user was added meanwhile.
 */
export const insertUser = async (user: UserRecord, setRev?: number): Promise<'created' | 'stale'> => {
  const item: UserItem = { ...userKey(user.companyId, user.id), type: 'user', ...user };
  const marker: EmailMarkerItem = {
    ...emailMarkerKey(user.email),
    type: 'emailMarker',
    companyId: user.companyId,
    userId: user.id,
  };
  const set = setRev === undefined ? [] : [bumpSetRev(userSetKey(user.companyId), setRev, 'userSet', user.companyId)];
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          ...set,
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (isConditionalCheckFailure(error) && failedTransactionItem(error) === 0) throw new AppError('ERR_DUPLICATED_EMAIL');
    if (isConditionalCheckFailure(error) && setRev !== undefined && failedTransactionItem(error) === 2) return 'stale';
    throw error;
  }
};

/** The fields a user update may set. */
export type UserPatch = Partial<
  Pick<
    UserRecord,
    | 'name'
    | 'passwordHash'
    | 'defaultTheme'
    | 'defaultMenu'
    | 'online'
    | 'lastSeen'
    | 'updatedAt'
    | 'defaultTicketsManagerWidth'
    | 'queueIds'
    | 'allTicket'
    | 'allowGroup'
    | 'allHistoric'
    | 'allUserChat'
    | 'userClosePendingTicket'
    | 'showDashboard'
    | 'allowRealTime'
    | 'allowConnections'
    | 'farewellMessage'
    | 'maxOpenTickets'
    | 'startWork'
    | 'endWork'
  >
>;

export const updateUserFields = async (companyId: number, userId: number, patch: UserPatch): Promise<UserRecord> => {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(companyId, userId),
      UpdateExpression: 'SET ' + entries.map((_, i) => `#f${i} = :v${i}`).join(', '),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return strip(out.Attributes as UserItem);
};

/** Makes `sessionId` the user's only session; answers the session it replaced, if any. */
export const replaceSession = async (
  companyId: number,
  userId: number,
  sessionId: string,
  at: string,
): Promise<string | undefined> => {
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(companyId, userId),
      UpdateExpression: 'SET sessionId = :sid, #online = :on, updatedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#online': 'online' },
      ExpressionAttributeValues: { ':sid': sessionId, ':on': true, ':at': at },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return out.Attributes?.sessionId as string | undefined;
};

/** Ends the session if it is still the user's current one. */
export const clearSession = async (companyId: number, userId: number, sessionId: string, at: string): Promise<void> => {
  try {
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(companyId, userId),
        UpdateExpression: 'REMOVE sessionId SET #online = :off, updatedAt = :at',
        ConditionExpression: 'sessionId = :sid',
        ExpressionAttributeNames: { '#online': 'online' },
        ExpressionAttributeValues: { ':sid': sessionId, ':off': false, ':at': at },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
};

/**
 * Sets fields of a user. A new e-mail moves the marker in the same transaction, on condition that the user still
 * has the old one: a taken e-mail answers ERR_DUPLICATED_EMAIL and writes nothing; a user gone meanwhile, 404.
 * With `endSession`, the user's session ends in the same write (no session id: no token or refresh of it holds).
 * Answers the user as written: a read right after the write might still see the old item. A transaction returns no
 * item, so a new e-mail's is read back strongly consistent.
 */
export const updateUserAndEmail = async (
  companyId: number,
  userId: number,
  patch: Partial<UserRecord>,
  email?: { from: string; to: string },
  options: { endSession?: boolean } = {},
): Promise<UserRecord> => {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  const update = {
    TableName: tableName(),
    Key: userKey(companyId, userId),
    UpdateExpression:
      'SET ' + entries.map((_, i) => `#f${i} = :v${i}`).join(', ') + (options.endSession ? ' REMOVE sessionId' : ''),
    ConditionExpression: email ? 'attribute_exists(pk) AND email = :from' : 'attribute_exists(pk)',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
    ExpressionAttributeValues: {
      ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      ...(email ? { ':from': email.from } : {}),
    },
  };
  if (!email) {
    try {
      const out = await table().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      return strip(out.Attributes as UserItem);
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      throw new AppError('ERR_NO_USER_FOUND');
    }
  }
  const marker: EmailMarkerItem = { ...emailMarkerKey(email.to), type: 'emailMarker', companyId, userId };
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: update },
          { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Delete: { TableName: tableName(), Key: emailMarkerKey(email.from) } },
        ],
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    if (failedTransactionItem(error) === 1) throw new AppError('ERR_DUPLICATED_EMAIL');
    throw new AppError('ERR_NO_USER_FOUND');
  }
  const written = await getUser(companyId, userId, { consistent: true });
  if (!written) throw new AppError('ERR_NO_USER_FOUND');
  return written;
};

/** Removes a user and its e-mail marker (the e-mail becomes free again). */
export const deleteUserRecord = async (user: UserRecord): Promise<void> => {
  await table().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: userKey(user.companyId, user.id) } },
        {
          Delete: {
            TableName: tableName(),
            Key: emailMarkerKey(user.email),
            ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
            ExpressionAttributeValues: { ':id': user.id },
          },
        },
      ],
    }),
  );
};
