import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '../../platform/table/guarded-writes.ts';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import {
  resetKey,
  sessionKey,
  throttleKey,
  type ResetItem,
  type SessionItem,
  type SessionRecord,
  type ThrottleItem,
} from './auth.entity.ts';
import { strip } from '../../platform/table/strip.ts';

export const putSession = async (record: SessionRecord): Promise<void> => {
  const item: SessionItem = { ...sessionKey(record.sessionId), type: 'session', ...record };
  await table().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
};

export const getSession = async (sessionId: string): Promise<SessionRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: sessionKey(sessionId), ConsistentRead: true }));
  if (!out.Item) return undefined;
  return strip(out.Item as SessionItem);
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
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(sessionId),
        UpdateExpression: 'SET refreshHash = :next, previousHash = :prev, rotatedAt = :at, expiresAt = :exp',
        ConditionExpression: 'refreshHash = :prev',
        ExpressionAttributeValues: {
          ':next': next.refreshHash,
          ':prev': expected,
          ':at': next.rotatedAt,
          ':exp': next.expiresAt,
        },
      }),
    ),
  );
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
  return conditionHeld(() =>
    table().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: resetKey(email),
        ConditionExpression: 'tokenHash = :h',
        ExpressionAttributeValues: { ':h': tokenHash },
      }),
    ),
  );
};

type ThrottleRef = { kind: 'email' | 'ip' | 'reset'; value: string };

export interface AttemptCount {
  attempts: number;
  failures: number;
  /** epoch ms before which no further attempt is let through (set once over the limit) */
  nextAllowedAt?: number;
}

/** Adds one to a counter of the window's throttle item atomically; answers the item as it is after it. */
const countOne = async (
  ref: ThrottleRef,
  window: number,
  expiresAt: number,
  counter: 'attempts' | 'failures',
): Promise<Partial<ThrottleItem>> => {
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: throttleKey(ref.kind, ref.value, window),
      UpdateExpression: `ADD ${counter} :one SET #type = :type, expiresAt = :exp`,
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'throttle', ':exp': expiresAt },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return (out.Attributes ?? {}) as Partial<ThrottleItem>;
};

/** Counts one attempt atomically and answers the counters as they are after it. */
export const addAttempt = async (ref: ThrottleRef, window: number, expiresAt: number): Promise<AttemptCount> => {
  const item = await countOne(ref, window, expiresAt, 'attempts');
  return {
    attempts: Number(item.attempts ?? 0),
    failures: Number(item.failures ?? 0),
    ...(item.nextAllowedAt !== undefined ? { nextAllowedAt: Number(item.nextAllowedAt) } : {}),
  };
};

/**
 * Takes the one attempt allowed at `nowMs` when the counter is over its limit: succeeds for a single caller once
 * the waiting time has passed, and holds the next ones off until `holdUntil`. Answers when the next attempt may
 * come instead when the slot is taken.
 */
export const claimAttemptSlot = async (
  ref: ThrottleRef,
  window: number,
  nowMs: number,
  holdUntil: number,
): Promise<{ ok: true } | { ok: false; nextAllowedAt: number }> => {
  try {
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: throttleKey(ref.kind, ref.value, window),
        UpdateExpression: 'SET nextAllowedAt = :hold',
        ConditionExpression: 'attribute_not_exists(nextAllowedAt) OR nextAllowedAt <= :now',
        ExpressionAttributeValues: { ':hold': holdUntil, ':now': nowMs },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { ok: true };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // the document client leaves the item of a failed condition in DynamoDB's own form ({ N: "..." })
    const held = (error as { Item?: { nextAllowedAt?: { N?: string } } }).Item?.nextAllowedAt?.N;
    return { ok: false, nextAllowedAt: held !== undefined ? Number(held) : holdUntil };
  }
};

/** Counts a failed attempt; over the limit, the next attempt waits until `waitUntil` (never shortened). */
export const addFailure = async (
  ref: ThrottleRef,
  window: number,
  expiresAt: number,
  waitUntil?: (failures: number) => number | undefined,
): Promise<number> => {
  const failures = Number((await countOne(ref, window, expiresAt, 'failures')).failures ?? 0);
  const until = waitUntil?.(failures);
  if (until !== undefined) {
    await table()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: throttleKey(ref.kind, ref.value, window),
          UpdateExpression: 'SET nextAllowedAt = :until',
          ConditionExpression: 'attribute_not_exists(nextAllowedAt) OR nextAllowedAt < :until',
          ExpressionAttributeValues: { ':until': until },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionalCheckFailure(error)) throw error;
      });
  }
  return failures;
};

export const clearFailures = async (ref: ThrottleRef, window: number): Promise<void> => {
  await table().send(new DeleteCommand({ TableName: tableName(), Key: throttleKey(ref.kind, ref.value, window) }));
};
