/** All table access of the idempotency keys. */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { conditionHeld } from '../../platform/table/guarded-writes.ts';
import { idempotencyKey, type IdempotencyItem } from './idempotency.entity.ts';

/** A key as its route scopes it: the same key in another company or scope is another key. */
export interface IdempotencyRef {
  companyId: number;
  scope: string;
  key: string;
}

/**
 * Claims a key for a call (state pending): true for the one caller that wrote it, false when the key is taken by a
 * call that has not expired. Two calls racing with one key: exactly one claims it. A pending claim of the same
 * request made before `staleBefore` (its lease ran out: the call died) is taken over; `createdAt` names the claim.
 */
export const claimKey = async (
  ref: IdempotencyRef,
  fields: { fingerprint: string; createdAt: string; expiresAt: number; nowSeconds: number; staleBefore: string },
): Promise<boolean> => {
  const item: IdempotencyItem = {
    ...idempotencyKey(ref.companyId, ref.scope, ref.key),
    type: 'idempotency',
    companyId: ref.companyId,
    scope: ref.scope,
    fingerprint: fields.fingerprint,
    state: 'pending',
    createdAt: fields.createdAt,
    expiresAt: fields.expiresAt,
  };
  return conditionHeld(() =>
    table().send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression:
          'attribute_not_exists(pk) OR expiresAt < :now OR (#state = :pending AND fingerprint = :fp AND createdAt < :stale)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':now': fields.nowSeconds,
          ':pending': 'pending',
          ':fp': fields.fingerprint,
          ':stale': fields.staleBefore,
        },
      }),
    ),
  );
};

export const readKey = async (ref: IdempotencyRef): Promise<IdempotencyItem | undefined> => {
  const out = await table().send(
    new GetCommand({
      TableName: tableName(),
      Key: idempotencyKey(ref.companyId, ref.scope, ref.key),
      ConsistentRead: true,
    }),
  );
  return out.Item as IdempotencyItem | undefined;
};

/**
 * Stores the answer of the call that holds the claim made at `claimedAt`. A claim taken over meanwhile (this call
 * outlived its lease) keeps the newer holder's: false then.
 */
export const settleKey = async (
  ref: IdempotencyRef,
  fingerprint: string,
  claimedAt: string,
  answer: { status: number; response: string },
): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: idempotencyKey(ref.companyId, ref.scope, ref.key),
        UpdateExpression: 'SET #state = :done, #status = :status, #response = :response',
        ConditionExpression: 'fingerprint = :fp AND #state = :pending AND createdAt = :claimedAt',
        ExpressionAttributeNames: { '#state': 'state', '#status': 'status', '#response': 'response' },
        ExpressionAttributeValues: {
          ':done': 'done',
          ':pending': 'pending',
          ':status': answer.status,
          ':response': answer.response,
          ':fp': fingerprint,
          ':claimedAt': claimedAt,
        },
      }),
    ),
  );
};

/** Gives a claim up (the call failed before anything was recorded), so a retry with the key may run. */
export const releaseKey = async (ref: IdempotencyRef, fingerprint: string, claimedAt: string): Promise<void> => {
  try {
    await table().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: idempotencyKey(ref.companyId, ref.scope, ref.key),
        ConditionExpression: 'fingerprint = :fp AND #state = :pending AND createdAt = :claimedAt',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':fp': fingerprint, ':pending': 'pending', ':claimedAt': claimedAt },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
};
