/**
 * Writes guarded by what was read: optimistic concurrency on a record's `rev`, unique-name markers, and the
 * transactions that carry both. A failed condition is an answer ('stale', 'duplicate'), not an exception.
 */
import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { failedTransactionItem, isConditionalCheckFailure, isTransactionConflict } from '../errors.ts';
import { table, tableName, type TransactItem } from './client.ts';

type Key = Record<string, unknown>;

/** The condition that the record is still at the revision read. */
export const atRev = (rev: number) => ({ ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': rev } });

/** Puts the item; with `rev` only if the stored record is still at that revision. */
export const putItem = (item: object, rev?: number): TransactItem => ({
  Put: { TableName: tableName(), Item: item as Record<string, unknown>, ...(rev === undefined ? {} : atRev(rev)) },
});

/**
 * Moves a company's set (its users, its queues) from the revision read to the next, in the transaction that changes
 * a member: a set never written yet is read at 0. Two writers that read the same revision cannot both succeed.
 */
export const bumpSetRev = (key: Key, read: number, type: string, companyId: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: key,
    UpdateExpression: 'SET rev = :next, #type = :type, companyId = :companyId',
    ConditionExpression: read === 0 ? 'attribute_not_exists(rev) OR rev = :read' : 'rev = :read',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':next': read + 1, ':read': read, ':type': type, ':companyId': companyId },
  },
});

/** Puts a marker that must not exist yet (a unique name, number or shortcode). */
export const putNewMarker = (item: object): TransactItem => ({
  Put: { TableName: tableName(), Item: item as Record<string, unknown>, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Deletes the item; with `rev` only if the stored record is still at that revision. */
export const deleteItem = (key: Key, rev?: number): TransactItem => ({
  Delete: { TableName: tableName(), Key: key, ...(rev === undefined ? {} : atRev(rev)) },
});

/**
 * Runs `write` and answers what it resolves to, or `onFailure` when a condition of the write failed (something
 * changed, went or was there already since it was read). Any other error is thrown.
 */
export const unlessConditionFails = async <T, F>(write: () => Promise<T>, onFailure: F): Promise<T | F> => {
  try {
    return await write();
  } catch (error) {
    if (isConditionalCheckFailure(error)) return onFailure;
    throw error;
  }
};

/** Runs `write`; true when it was written, false when a condition of it failed. */
export const conditionHeld = (write: () => Promise<unknown>): Promise<boolean> =>
  unlessConditionFails(async () => {
    await write();
    return true;
  }, false);

/** Runs `write`; 'ok' when it was written, 'stale' when a condition of it failed (something changed or went since it was read). */
export const okUnlessStale = (write: () => Promise<unknown>): Promise<'ok' | 'stale'> =>
  unlessConditionFails(async () => {
    await write();
    return 'ok' as const;
  }, 'stale' as const);

/**
 * Runs the Update on the table and answers the attributes it returns (as its `ReturnValues` asks; none: empty), or
 * undefined when its condition failed.
 */
export const updateUnlessConditionFails = (
  input: Omit<UpdateCommandInput, 'TableName'>,
): Promise<NonNullable<UpdateCommandOutput['Attributes']> | undefined> =>
  unlessConditionFails(async () => {
    const out = await table().send(new UpdateCommand({ TableName: tableName(), ...input }));
    return out.Attributes ?? {};
  }, undefined);

/** Runs the items as one transaction; 'stale' when a condition failed (something changed or went since it was read). */
export const transactUnlessStale = (items: TransactItem[]): Promise<'ok' | 'stale'> =>
  okUnlessStale(() => table().send(new TransactWriteCommand({ TransactItems: items })));

/**
 * As transactUnlessStale, and a collision with another transaction on the same items answers 'stale' too: the caller
 * reads again and retries either way.
 */
export const transactUnlessStaleOrCollided = async (items: TransactItem[]): Promise<'ok' | 'stale'> => {
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error) || isTransactionConflict(error)) return 'stale';
    throw error;
  }
};

/** As transactUnlessStale, where the item at `markerAt` claims a unique marker: its failure answers 'duplicate'. */
export const transactClaimingMarker = async (
  items: TransactItem[],
  markerAt: number | undefined,
): Promise<'ok' | 'stale' | 'duplicate'> => {
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return 'ok';
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return markerAt !== undefined && failedTransactionItem(error) === markerAt ? 'duplicate' : 'stale';
  }
};

/** Puts the item as a creation (`exists` false: it must not be there yet) or a whole update (it must be there); false when it is not so. */
export const putExpecting = (item: object, exists: boolean): Promise<boolean> =>
  conditionHeld(() =>
    table().send(
      new PutCommand({
        TableName: tableName(),
        Item: item as Record<string, unknown>,
        ConditionExpression: exists ? 'attribute_exists(pk)' : 'attribute_not_exists(pk)',
      }),
    ),
  );

/** Deletes the item; false when there was none. */
export const deleteExisting = (key: Key): Promise<boolean> =>
  conditionHeld(() =>
    table().send(new DeleteCommand({ TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(pk)' })),
  );

/** Replaces the record read at `rev` (one item, no transaction); 'stale' when someone wrote or deleted it meanwhile. */
export const replaceAtRev = (item: object, rev: number): Promise<'ok' | 'stale'> =>
  okUnlessStale(() =>
    table().send(new PutCommand({ TableName: tableName(), Item: item as Record<string, unknown>, ...atRev(rev) })),
  );

/** Deletes the record read at `rev` (one item); 'stale' when it changed or went meanwhile. */
export const deleteAtRev = (key: Key, rev: number): Promise<'ok' | 'stale'> =>
  okUnlessStale(() => table().send(new DeleteCommand({ TableName: tableName(), Key: key, ...atRev(rev) })));

/**
 * Creates a record with its unique marker in one transaction, the marker first, then `items` (the record and what
 * goes with it); 'duplicate' (nothing written) when the marker is taken. `what` names the record in the error thrown
 * when it exists already.
 */
export const insertClaimingMarker = async (
  marker: object,
  items: TransactItem[],
  what: string,
): Promise<'created' | 'duplicate'> => {
  const written = await transactClaimingMarker([putNewMarker(marker), ...items], 0);
  if (written === 'stale') throw new Error(`${what} exists already`);
  return written === 'ok' ? 'created' : 'duplicate';
};

/**
 * Runs the record's `write`, with `move` also putting its new unique marker and deleting the old one in the same
 * transaction. 'duplicate' when the new marker is taken, 'stale' when the record changed meanwhile.
 */
export const replaceMovingMarker = (
  write: TransactItem,
  move: { marker: object; from: Key } | undefined,
): Promise<'ok' | 'duplicate' | 'stale'> =>
  transactClaimingMarker(move ? [write, putNewMarker(move.marker), deleteItem(move.from)] : [write], move ? 1 : undefined);

/** How a record with a unique marker (a name or shortcode the company may hold once) is stored. */
export interface MarkedRecordSpec<R> {
  /** names the record in the error thrown when it exists already */
  describe: (record: R) => string;
  item: (record: R) => object;
  key: (record: R) => Key;
  marker: (record: R) => object;
  markerKey: (record: R) => Key;
  /** the value the marker is keyed by (the name as compared, e.g. folded) */
  mark: (record: R) => string;
}

/** The guarded writes of a record with a unique marker and a `rev`: the marker moves with the record. */
export const markedRecordWrites = <R extends { rev: number }>(spec: MarkedRecordSpec<R>) => ({
  /** Writes the record, its marker and `more`; 'duplicate' (nothing written) when the marker is taken. */
  insert: (record: R, ...more: TransactItem[]): Promise<'created' | 'duplicate'> =>
    insertClaimingMarker(spec.marker(record), [putNewMarker(spec.item(record)), ...more], spec.describe(record)),
  /**
   * Replaces the record read at `before.rev`, moving its marker when the mark changed. 'duplicate' when the new mark
   * belongs to another record, 'stale' when someone wrote it meanwhile.
   */
  replace: (before: R, after: R): Promise<'ok' | 'duplicate' | 'stale'> =>
    replaceMovingMarker(
      putItem(spec.item(after), before.rev),
      spec.mark(before) !== spec.mark(after) ? { marker: spec.marker(after), from: spec.markerKey(before) } : undefined,
    ),
  /** Deletes the record read at `record.rev` with its marker and `more`; 'stale' when it changed meanwhile. */
  remove: (record: R, ...more: TransactItem[]): Promise<'ok' | 'stale'> =>
    transactUnlessStale([deleteItem(spec.key(record), record.rev), deleteItem(spec.markerKey(record)), ...more]),
});
