/**
 * The one-off rewrites of data stored by an earlier version, each a backfill run by the one backfill runner
 * (platform/table/backfill.repository.ts): a Scan in pages from a saved position, safe to repeat or run twice at once.
 *
 * How they run, and why this way:
 * - In AWS, the jobs function (the only one allowed to Scan) runs them, and its 30-second timeout is shared by all
 *   the jobs of a batch. So no batch waits for them: the first batch of a cold start only looks (one read per finished
 *   migration) and, when one is unfinished and no step has saved progress lately, puts a step job on the jobs queue.
 * - A step runs the migrations in order from their saved positions for at most half the time its function has left
 *   (from the Lambda context; a fixed budget where there is none), then queues the next step until all are done.
 *   The records of a standard-queue batch run side by side, so the jobs beside a step keep at least half the timeout.
 *   A separate migration function with a long timeout would need its own infrastructure for no gain.
 * - A step that throws is delivered again by SQS (and ends in the DLQ after its retries); a later cold start finds
 *   the migration unfinished and queues a new step, which goes on from the saved position.
 * - Two steps at once (two cold starts, a repeated delivery): the one whose position the other moved ends without
 *   queueing a successor, so duplicate chains die out where they meet, at the cost of one page of idempotent writes.
 * The local runtime runs them to the end at start, before requests. Until a migration is done, its readers accept
 * data not yet migrated (each migration's file says what they see meanwhile).
 */
import { z } from 'zod';
import { clock } from '../platform/clock.ts';
import { logger } from '../platform/logger.ts';
import { backfillState, runBackfill, type Backfill, type BackfillRunOptions } from '../platform/table/backfill.repository.ts';
import { graphSecretsBackfill } from '../modules/connections/graph-secrets-backfill.repository.ts';
import { connectionApiTokensBackfill } from '../modules/connections/api-token-migration.repository.ts';
import { searchSpreadBackfill } from '../modules/contacts/search-migration.repository.ts';
import { phoneSearchBackfill } from '../modules/contacts/phone-search-backfill.repository.ts';
import { tagContactCountsBackfill } from '../modules/tags/tag-contact-count-backfill.repository.ts';
import { reportRowsBackfill } from '../modules/tickets/report-backfill.repository.ts';
import { enqueueJob, jobRegistry, type JobRegistry } from '../modules/jobs/jobs.service.ts';

export const DATA_MIGRATION_JOB = 'dataMigrations.step';

/** In the order they run. */
export const dataBackfills: readonly Backfill<never>[] = [
  // contact search items move to the spread-out index layout
  searchSpreadBackfill,
  // tickets stored before the ticket report existed get their report rows
  reportRowsBackfill,
  // connections stored when one token was both a web chat's widget address and the API's bearer: a web chat's
  // becomes its public widget key and it gets a secret API token; every other connection's token is its API token
  connectionApiTokensBackfill,
  // tags stored before they kept a contact count get theirs (the campaign dialog offers only tags with contacts)
  tagContactCountsBackfill,
  // Graph connections stored when their Meta secrets were kept plain get them sealed with the data key
  graphSecretsBackfill,
  // web chat visitors stored before the search index covered the phone they gave get it indexed
  phoneSearchBackfill,
];

/** A step's budget where the function's remaining time is unknown: a third of the jobs function's timeout. */
const FIXED_STEP_MS = 10_000;
/** A migration unfinished whose position has not moved for this long has no step on its way. */
const STALLED_AFTER_MS = 5 * 60_000;

export type DataMigrationOutcome = 'done' | 'paused' | 'superseded';

/** Runs the migrations in order from their saved positions until all are done, the deadline passes or another run moves one. */
export const runDataMigrationStep = async (
  options: BackfillRunOptions & { backfills?: readonly Backfill<never>[] } = {},
): Promise<DataMigrationOutcome> => {
  const { backfills = dataBackfills, ...run } = options;
  const changed: Record<string, number> = {};
  let outcome: DataMigrationOutcome = 'done';
  for (const backfill of backfills) {
    if (run.deadline !== undefined && clock().now().getTime() >= run.deadline) {
      outcome = 'paused';
      break;
    }
    const result = await runBackfill(backfill, run);
    if (result.changed > 0) changed[backfill.id] = result.changed;
    if (result.state !== 'done') {
      outcome = result.state;
      break;
    }
  }
  if (Object.keys(changed).length > 0) logger.info('data migrations ran', { changed, outcome });
  return outcome;
};

/** The local runtime's run at start: every migration to its end. */
export const runDataMigrations = async (): Promise<void> => {
  await runDataMigrationStep();
};

/**
 * Queues a step when the first unfinished migration has no step on its way (its position not moved lately); answers
 * whether it queued one. Costs one read per finished migration.
 */
export const queueDataMigrationsIfPending = async (backfills: readonly Backfill<never>[] = dataBackfills): Promise<boolean> => {
  for (const backfill of backfills) {
    const state = await backfillState(backfill.id);
    if (state.done) continue;
    const moving = state.savedAt !== undefined && clock().now().getTime() - state.savedAt.getTime() < STALLED_AFTER_MS;
    if (moving) return false;
    await enqueueJob({ type: DATA_MIGRATION_JOB });
    return true;
  }
  return false;
};

let queued: Promise<boolean> | undefined;

/** The look at the migrations, once per cold start; one that fails is tried again with the next batch. */
export const queueDataMigrationsOnce = (): Promise<boolean> =>
  (queued ??= queueDataMigrationsIfPending().catch((error: unknown) => {
    queued = undefined;
    throw error;
  }));

/** The step job: a bounded step, then the next one queued while migrations remain. */
export const registerDataMigrationJobs = (
  options: { registry?: JobRegistry; backfills?: readonly Backfill<never>[]; pageLimit?: number } = {},
): void => {
  const { registry = jobRegistry, backfills = dataBackfills, pageLimit } = options;
  registry.register(DATA_MIGRATION_JOB, z.object({}), async (_job, context) => {
    const budgetMs = context.remainingTimeMs ? context.remainingTimeMs() / 2 : FIXED_STEP_MS;
    const outcome = await runDataMigrationStep({
      backfills,
      deadline: clock().now().getTime() + budgetMs,
      ...(pageLimit ? { pageLimit } : {}),
    });
    // a superseded step leaves the migration to the run that moved it
    if (outcome === 'paused') await enqueueJob({ type: DATA_MIGRATION_JOB });
  });
};
