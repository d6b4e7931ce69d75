/**
 * Items for tests of data migrations: `count` items of a kind in the test table (with other items between them
 * where asked, so Scan pages hold both), a migration that counts each time it touches an item (twice shows 2),
 * and how many times each item was migrated.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Backfill } from '../functions/src/platform/table/backfill.repository.ts';
import { table, tableName } from '../functions/src/platform/table/client.ts';

type Key = { pk: string; sk: string };

const itemKey = (kind: string, n: number): Key => ({ pk: `BACKFILL#${kind}#${String(n).padStart(3, '0')}`, sk: 'ITEM' });

export const putBackfillItems = async (kind: string, count: number, { interleaved = false } = {}): Promise<void> => {
  for (let n = 0; n < count; n++) {
    await table().send(new PutCommand({ TableName: tableName(), Item: { ...itemKey(kind, n), type: kind } }));
    if (interleaved && n % 3 === 0)
      await table().send(new PutCommand({ TableName: tableName(), Item: { ...itemKey(`${kind}-other`, n), type: 'other' } }));
  }
};

/** How many times each of the `count` items of `kind` was migrated, in order. */
export const migratedTimes = async (kind: string, count: number): Promise<number[]> => {
  const times: number[] = [];
  for (let n = 0; n < count; n++) {
    const got = await table().send(new GetCommand({ TableName: tableName(), Key: itemKey(kind, n), ConsistentRead: true }));
    times.push((got.Item?.migrated as number | undefined) ?? 0);
  }
  return times;
};

export const scanOfKind = (kind: string): Backfill<Key>['scan'] => ({
  filter: '#type = :type',
  names: { '#type': 'type' },
  values: { ':type': kind },
});

/** A migration of the items of `kind` that is not idempotent on purpose; `each` runs after every item (a clock tick). */
export const countingBackfill = (kind: string, each: () => void = () => {}): Backfill<Key> => ({
  id: `test-${kind}`,
  scan: scanOfKind(kind),
  migrate: async (item) => {
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'ADD migrated :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    each();
    return true;
  },
});
