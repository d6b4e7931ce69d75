/**
 * The one runner of the data migrations (backfills): a Scan of the table in pages, each matching item handed to
 * the migration, the position saved in the migration's state item (pk MIGRATION, sk its id) after each page, so a
 * run that stops (its time budget spent, its function timed out or killed) is taken up from there by the next.
 *
 * Why it is built this way:
 * - Bounded: the jobs function that runs migrations in AWS has a 30-second timeout and runs them beside the jobs of
 *   its batch. A run stops at its deadline after the item in hand (position: that item's key, a valid Scan start),
 *   so a step costs at most its budget plus one item; every run migrates at least one item, so steps always progress.
 * - Resumable: the position is saved after each page; a crash repeats at most the page in hand, which migrations
 *   make harmless by writing idempotently (conditioned on what they read).
 * - Concurrent runs: each save is conditioned on the save count read before it. A run that finds it moved stops
 *   as `superseded` without saving over it; the run that moved it goes on. So two runs never skip an item, and a
 *   duplicate run costs at most one page of repeated, idempotent writes.
 * - Cheap when done: the state item says so; a finished migration costs one consistent read. Marker items written
 *   before this runner (no status) mean done too.
 */
import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clock } from '../clock.ts';
import { table, tableName } from './client.ts';
import { conditionHeld } from './guarded-writes.ts';

type TableKey = Record<string, unknown>;

export interface Backfill<T> {
  /** the state item's sort key, stable for the migration's life */
  id: string;
  /** which items it migrates: a Scan filter (its `#name` and `:value` placeholders) and, optionally, the attributes to read */
  scan: { filter: string; names: Record<string, string>; values?: Record<string, unknown>; projection?: readonly string[] };
  /**
   * Brings one item up to date; answers whether it changed anything. It must be idempotent and conditioned on what
   * it read: an item is migrated again after a crash, or by a concurrent run, and may have changed since its page.
   */
  migrate: (item: T) => Promise<boolean>;
}

export interface BackfillRunOptions {
  /** epoch ms after which the run takes no further item (it has always migrated one); none: it runs to the end */
  deadline?: number;
  /** items a Scan page reads (before the filter) */
  pageLimit?: number;
}

export interface BackfillOutcome {
  /** done: nothing left; paused: the deadline came first; superseded: another run moved the position meanwhile */
  state: 'done' | 'paused' | 'superseded';
  /** items this run changed */
  changed: number;
}

export interface BackfillState {
  done: boolean;
  /** when a run last saved its position (absent before its first page) */
  savedAt?: Date;
}

/** Pages small enough that a position is saved often, big enough that a table's Scan takes few requests. */
const DEFAULT_PAGE_LIMIT = 500;

interface MigrationStateItem {
  pk: 'MIGRATION';
  sk: string;
  type: 'migration';
  /** absent on markers written before the runner, which were written only when done */
  status?: 'running' | 'done';
  position?: TableKey;
  /** saves so far, the version each save is conditioned on */
  saves?: number;
  changed?: number;
  at?: string;
}

const stateKey = (id: string) => ({ pk: 'MIGRATION', sk: id });

const readState = async (id: string): Promise<MigrationStateItem | undefined> =>
  (await table().send(new GetCommand({ TableName: tableName(), Key: stateKey(id), ConsistentRead: true }))).Item as
    MigrationStateItem | undefined;

const isDone = (state: MigrationStateItem | undefined): boolean => state !== undefined && state.status !== 'running';

/** What a run would find: whether the migration is done, and when its position last moved. One read. */
export const backfillState = async (id: string): Promise<BackfillState> => {
  const state = await readState(id);
  return { done: isDone(state), ...(state?.at ? { savedAt: new Date(state.at) } : {}) };
};

/** Saves the next position (none: done) unless another run saved since `seen`; answers whether it saved. */
const savePosition = async (id: string, seen: number, position: TableKey | undefined, changed: number): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: stateKey(id),
        UpdateExpression: `SET #type = :type, #status = :status, #saves = :next, #at = :at${position ? ', #position = :position' : ''} ADD #changed :changed${position ? '' : ' REMOVE #position'}`,
        ConditionExpression: seen === 0 ? 'attribute_not_exists(pk)' : '#saves = :seen AND #status = :running',
        ExpressionAttributeNames: {
          '#type': 'type',
          '#status': 'status',
          '#saves': 'saves',
          '#at': 'at',
          '#position': 'position',
          '#changed': 'changed',
        },
        ExpressionAttributeValues: {
          ':type': 'migration',
          ':status': position ? 'running' : 'done',
          ':next': seen + 1,
          ':at': clock().now().toISOString(),
          ':changed': changed,
          ...(position ? { ':position': position } : {}),
          ...(seen === 0 ? {} : { ':seen': seen, ':running': 'running' }),
        },
      }),
    ),
  );
};

/** Runs the migration from its saved position until it is done, the deadline passes, or another run moves it. */
export const runBackfill = async <T>(backfill: Backfill<T>, options: BackfillRunOptions = {}): Promise<BackfillOutcome> => {
  const state = await readState(backfill.id);
  if (isDone(state)) return { state: 'done', changed: 0 };
  const timeUp = () => options.deadline !== undefined && clock().now().getTime() >= options.deadline;
  const { filter, names, values, projection } = backfill.scan;
  let position = state?.position;
  let saves = state?.saves ?? 0;
  let changed = 0;
  for (;;) {
    const page = await table().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: filter,
        ExpressionAttributeNames: { ...names, ...(projection ? { '#pk': 'pk', '#sk': 'sk' } : {}) },
        ...(values ? { ExpressionAttributeValues: values } : {}),
        // the keys are read too: a run stopped mid-page starts again after the last item it migrated
        ...(projection ? { ProjectionExpression: ['#pk', '#sk', ...projection].join(', ') } : {}),
        Limit: options.pageLimit ?? DEFAULT_PAGE_LIMIT,
        ExclusiveStartKey: position,
      }),
    );
    const items = (page.Items ?? []) as (T & { pk: string; sk: string })[];
    let pageChanged = 0;
    let next: TableKey | undefined = page.LastEvaluatedKey;
    for (const [index, item] of items.entries()) {
      if (await backfill.migrate(item)) pageChanged++;
      if (index < items.length - 1 && timeUp()) {
        next = { pk: item.pk, sk: item.sk };
        break;
      }
    }
    if (!(await savePosition(backfill.id, saves, next, pageChanged)))
      return { state: 'superseded', changed: changed + pageChanged };
    saves++;
    changed += pageChanged;
    if (!next) return { state: 'done', changed };
    if (timeUp()) return { state: 'paused', changed };
    position = next;
  }
};
