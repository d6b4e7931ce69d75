import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { resetKey, sessionKey, throttleKey, type ResetItem, type SessionItem, type SessionRecord, type ThrottleItem } from './auth.entity.ts';

export const putSession = async (record: SessionRecord): Promise<void> => {
  const item: SessionItem = { ...sessionKey(record.sessionId), type: 'session', ...record };
  await table().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
};

export const getSession = async (sessionId: string): Promise<SessionRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: sessionKey(sessionId), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { pk: _pk, sk: _sk, type: _t, ...record } = out.Item as SessionItem;
  return record;
};

export const deleteSession = async (sessionId: string): Promise<void> => {
  await table().send(new DeleteCommand({ TableName: tableName(), Key: sessionKey(sessionId) }));
};

/** Replaces the refresh hash only if it is still `expected`; false when another refresh won the race. */
export const rotateSession = async (
  sessionId: string,
  expected: string,
  next: { refreshHash: string; rotatedAt: string; expiresAt: number },
): Promise<boolean> => {
  try {
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(sessionId),
        UpdateExpression: 'SET refreshHash = :next, previousHash = :prev, rotatedAt = :at, expiresAt = :exp',
        ConditionExpression: 'refreshHash = :prev',
        ExpressionAttributeValues: { ':next': next.refreshHash, ':prev': expected, ':at': next.rotatedAt, ':exp': next.expiresAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};

export const putReset = async (email: string, data: Omit<ResetItem, 'pk' | 'sk' | 'type'>): Promise<void> => {
  await table().send(new PutCommand({ TableName: tableName(), Item: { ...resetKey(email), type: 'passwordReset', ...data } }));
};

export const getReset = async (email: string): Promise<ResetItem | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: resetKey(email), ConsistentRead: true }));
  return out.Item as ResetItem | undefined;
};

/** Consumes the reset token once: a second use of the same token finds nothing. */
export const consumeReset = async (email: string, tokenHash: string): Promise<boolean> => {
  try {
    await table().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: resetKey(email),
        ConditionExpression: 'tokenHash = :h',
        ExpressionAttributeValues: { ':h': tokenHash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};

type ThrottleRef = { kind: 'email' | 'ip' | 'reset'; value: string };

export const getFailures = async (refs: ThrottleRef[], window: number): Promise<number[]> => {
  const keys = refs.map((r) => throttleKey(r.kind, r.value, window));
  const out = await table().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
  const items = (out.Responses?.[tableName()] ?? []) as ThrottleItem[];
  return keys.map((k) => items.find((i) => i.pk === k.pk)?.failures ?? 0);
};

export const addFailure = async (ref: ThrottleRef, window: number, expiresAt: number): Promise<number> => {
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: throttleKey(ref.kind, ref.value, window),
      UpdateExpression: 'ADD failures :one SET #type = :type, expiresAt = :exp',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'throttle', ':exp': expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.failures ?? 0);
};

export const clearFailures = async (ref: ThrottleRef, window: number): Promise<void> => {
  await table().send(new DeleteCommand({ TableName: tableName(), Key: throttleKey(ref.kind, ref.value, window) }));
};
