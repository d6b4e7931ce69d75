/**
 * The backfill runner on a table of several Scan pages: a run stopped by its time budget saves where it is, the
 * next goes on from there, each item is migrated once, a finished migration costs one read, and a run whose
 * position another run moved stops without saving over it.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countingBackfill, migratedTimes, putBackfillItems, scanOfKind } from '../../../../test/backfill-fixtures.ts';
import { useTestTable } from '../../../../test/table.ts';
import { resetClock, setClock } from '../clock.ts';
import { runBackfill, type Backfill } from './backfill.repository.ts';
import { measureCapacity, table, tableName } from './client.ts';

const PAGE = 10;
let now = Date.parse('2026-05-01T12:00:00.000Z');

beforeAll(async () => {
  await useTestTable();
  setClock({ now: () => new Date(now) });
});

afterEach(() => resetClock());

const stateOf = async (id: string) =>
  (await table().send(new GetCommand({ TableName: tableName(), Key: { pk: 'MIGRATION', sk: id }, ConsistentRead: true }))).Item;

describe('the backfill runner', () => {
  it('stops at its budget with its position saved, goes on from there, migrates each item once, then costs one read', async () => {
    const total = 45;
    await putBackfillItems('paced', total, { interleaved: true });
    // each item takes a second of the fake clock
    const counting = countingBackfill('paced', () => {
      now += 1_000;
    });

    const first = await runBackfill(counting, { deadline: now + 17_000, pageLimit: PAGE });
    expect(first).toEqual({ state: 'paused', changed: 17 });
    const paused = await stateOf('test-paced');
    expect(paused).toMatchObject({
      status: 'running',
      changed: 17,
      position: expect.objectContaining({ pk: expect.any(String) }),
    });
    // more than one page was read and saved before the budget ran out
    expect(paused?.saves).toBeGreaterThan(1);
    const afterFirst = await migratedTimes('paced', total);
    expect(afterFirst.filter((t) => t === 1)).toHaveLength(17);
    expect(afterFirst.filter((t) => t > 1)).toHaveLength(0);

    const second = await runBackfill(counting, { pageLimit: PAGE });
    expect(second).toEqual({ state: 'done', changed: total - 17 });
    expect(await migratedTimes('paced', total)).toEqual(Array.from({ length: total }, () => 1));
    expect(await stateOf('test-paced')).toMatchObject({ status: 'done', changed: total });
    expect((await stateOf('test-paced'))?.position).toBeUndefined();

    const third = await measureCapacity(() => runBackfill(counting, { pageLimit: PAGE }));
    expect(third.result).toEqual({ state: 'done', changed: 0 });
    expect(third.roundTrips).toBe(1);
    expect(third.byKey).toEqual({ 'GetItemCommand MIGRATION': 1 });
    expect(await migratedTimes('paced', total)).toEqual(Array.from({ length: total }, () => 1));
  });

  it('migrates at least one item per run, so a spent budget still makes progress', async () => {
    await putBackfillItems('hurried', 3);
    const hurried = countingBackfill('hurried');
    const outcomes: string[] = [];
    for (let run = 0; run < 10 && outcomes.at(-1) !== 'done'; run++)
      outcomes.push((await runBackfill(hurried, { deadline: now - 1 })).state);
    expect(outcomes.at(-1)).toBe('done');
    expect(outcomes.filter((o) => o === 'paused').length).toBeLessThanOrEqual(3);
    expect(await migratedTimes('hurried', 3)).toEqual([1, 1, 1]);
  });

  it('stops without saving over the position when another run moved it meanwhile', async () => {
    const total = 25;
    await putBackfillItems('raced', total);
    // idempotent, as every migration is: an item already migrated is left as it is
    const migrate = async (item: { pk: string; sk: string }, by: string): Promise<boolean> => {
      try {
        await table().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: 'SET migrated = :one, migratedBy = :by',
            ConditionExpression: 'attribute_not_exists(migrated)',
            ExpressionAttributeValues: { ':one': 1, ':by': by },
          }),
        );
        return true;
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') return false;
        throw error;
      }
    };
    const other: Backfill<{ pk: string; sk: string }> = {
      id: 'test-raced',
      scan: scanOfKind('raced'),
      migrate: (item) => migrate(item, 'other'),
    };
    let otherRun: Awaited<ReturnType<typeof runBackfill>> | undefined;
    const slow: Backfill<{ pk: string; sk: string }> = {
      id: 'test-raced',
      scan: scanOfKind('raced'),
      migrate: async (item) => {
        // while this run is in its first page, another runs the whole migration
        otherRun ??= await runBackfill(other, { pageLimit: PAGE });
        return migrate(item, 'slow');
      },
    };

    const outcome = await runBackfill(slow, { pageLimit: PAGE });
    expect(otherRun).toEqual({ state: 'done', changed: total });
    // its first page was migrated already: it changed nothing, and the finished state is kept
    expect(outcome).toEqual({ state: 'superseded', changed: 0 });
    expect(await stateOf('test-raced')).toMatchObject({ status: 'done', changed: total });
    expect(await migratedTimes('raced', total)).toEqual(Array.from({ length: total }, () => 1));
  });

  it('takes a marker written before the runner existed as done', async () => {
    await table().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: 'MIGRATION', sk: 'test-marked', type: 'migration', at: new Date(now).toISOString() },
      }),
    );
    await putBackfillItems('marked', 2);
    const marked: Backfill<{ pk: string; sk: string }> = {
      id: 'test-marked',
      scan: scanOfKind('marked'),
      migrate: async () => {
        throw new Error('a finished migration scans nothing');
      },
    };
    const run = await measureCapacity(() => runBackfill(marked));
    expect(run.result).toEqual({ state: 'done', changed: 0 });
    expect(run.roundTrips).toBe(1);
  });
});
