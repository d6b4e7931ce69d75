/**
 * Writes guarded by what was read: optimistic concurrency on a record's `rev`, unique-name markers, and the
 * transactions that carry both. A failed condition is an answer ('stale', 'duplicate'), not an exception.
 */
import { DeleteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { failedTransactionItem, isConditionalCheckFailure } from '../errors.ts';
import { table, tableName, type TransactItem } from './client.ts';

type Key = Record<string, unknown>;

/** The condition that the record is still at the revision read. */
export const atRev = (rev: number) => ({ ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': rev } });

/** Puts the item; with `rev` only if the stored record is still at that revision. */
export const putItem = (item: object, rev?: number): TransactItem => ({
  Put: { TableName: tableName(), Item: item as Record<string, unknown>, ...(rev === undefined ? {} : atRev(rev)) },
});

/** Puts a marker that must not exist yet (a unique name, number or shortcode). */
export const putNewMarker = (item: object): TransactItem => ({
  Put: { TableName: tableName(), Item: item as Record<string, unknown>, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Deletes the item; with `rev` only if the stored record is still at that revision. */
export const deleteItem = (key: Key, rev?: number): TransactItem => ({
  Delete: { TableName: tableName(), Key: key, ...(rev === undefined ? {} : atRev(rev)) },
});

/** Runs the items as one transaction; 'stale' when a condition failed (something changed or went since it was read). */
export const transactUnlessStale = async (items: TransactItem[]): Promise<'ok' | 'stale'> => {
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'stale';
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
export const putExpecting = async (item: object, exists: boolean): Promise<boolean> => {
  try {
    await table().send(
      new PutCommand({
        TableName: tableName(),
        Item: item as Record<string, unknown>,
        ConditionExpression: exists ? 'attribute_exists(pk)' : 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};

/** Deletes the item; false when there was none. */
export const deleteExisting = async (key: Key): Promise<boolean> => {
  try {
    await table().send(new DeleteCommand({ TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(pk)' }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};

/** Replaces the record read at `rev` (one item, no transaction); 'stale' when someone wrote or deleted it meanwhile. */
export const replaceAtRev = async (item: object, rev: number): Promise<'ok' | 'stale'> => {
  try {
    await table().send(new PutCommand({ TableName: tableName(), Item: item as Record<string, unknown>, ...atRev(rev) }));
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'stale';
    throw error;
  }
};

/** Deletes the record read at `rev` (one item); 'stale' when it changed or went meanwhile. */
export const deleteAtRev = async (key: Key, rev: number): Promise<'ok' | 'stale'> => {
  try {
    await table().send(new DeleteCommand({ TableName: tableName(), Key: key, ...atRev(rev) }));
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'stale';
    throw error;
  }
};
