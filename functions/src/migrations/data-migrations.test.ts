/**
 * Data migrations run as step jobs on the jobs queue: a cold start only queues a step when one is needed, each step
 * stops at its budget (half the function's remaining time in AWS) and queues the next, until every item is migrated
 * once; then nothing is queued any more.
 */
import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countingBackfill, migratedTimes, putBackfillItems } from '../../../test/backfill-fixtures.ts';
import { useTestTable } from '../../../test/table.ts';
import { createJobsHandler } from '../modules/jobs/jobs.function.ts';
import { JobRegistry } from '../modules/jobs/jobs.service.ts';
import { resetClock, setClock } from '../platform/clock.ts';
import { LocalQueue, LocalQueueEngine } from '../platform/ports/local/local-queue.ts';
import { setLocalPorts } from '../platform/ports/ports.ts';
import { DATA_MIGRATION_JOB, queueDataMigrationsIfPending, registerDataMigrationJobs } from './data-migrations.ts';

let now = Date.parse('2026-05-01T12:00:00.000Z');
let engine: LocalQueueEngine;

beforeAll(async () => {
  await useTestTable();
  setClock({ now: () => new Date(now) });
});

afterAll(() => resetClock());

beforeEach(() => {
  engine = new LocalQueueEngine();
  setLocalPorts({ queue: new LocalQueue(engine) });
});

/** Each migrated item takes a second of the fake clock. */
const tickingBackfill = (kind: string) =>
  countingBackfill(kind, () => {
    now += 1_000;
  });

const stepRecord = (): SQSRecord => ({
  messageId: 'step-1',
  receiptHandle: 'rh-step-1',
  body: JSON.stringify({ type: DATA_MIGRATION_JOB }),
  attributes: {
    ApproximateReceiveCount: '1',
    SentTimestamp: String(now),
    SenderId: 'AIDA',
    ApproximateFirstReceiveTimestamp: String(now),
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:sb-jobs',
  awsRegion: 'us-east-1',
});

describe('data migrations as step jobs', () => {
  it('runs in steps that each stop at their budget and queue the next, until every item is migrated once', async () => {
    await putBackfillItems('first', 25);
    await putBackfillItems('second', 12);
    const backfills = [tickingBackfill('first'), tickingBackfill('second')];
    const registry = new JobRegistry();
    registerDataMigrationJobs({ registry, backfills, pageLimit: 10 });
    const jobs = createJobsHandler(registry);
    let steps = 0;
    engine.consume('jobs', async (event) => {
      steps += event.Records.length;
      return jobs(event);
    });
    try {
      expect(await queueDataMigrationsIfPending(backfills)).toBe(true);
      await engine.idle({ timeoutMs: 20_000 });

      // without a Lambda context a step has 10 s: 37 items of a second each take four steps
      expect(steps).toBe(4);
      expect(await migratedTimes('first', 25)).toEqual(Array.from({ length: 25 }, () => 1));
      expect(await migratedTimes('second', 12)).toEqual(Array.from({ length: 12 }, () => 1));
      expect(engine.dlqMessages('jobs')).toEqual([]);

      // done: the next cold start reads and queues nothing
      expect(await queueDataMigrationsIfPending(backfills)).toBe(false);
      expect(engine.depth('jobs')).toMatchObject({ visible: 0, notVisible: 0, inFlight: 0 });
    } finally {
      await engine.stop();
    }
  });

  it("leaves the batch half of the function's remaining time and queues the rest", async () => {
    await putBackfillItems('timed', 40);
    const backfills = [tickingBackfill('timed')];
    const registry = new JobRegistry();
    registerDataMigrationJobs({ registry, backfills, pageLimit: 10 });

    const response = await createJobsHandler(registry)({ Records: [stepRecord()] }, { getRemainingTimeInMillis: () => 30_000 });

    expect(response).toEqual({ batchItemFailures: [] });
    const times = await migratedTimes('timed', 40);
    expect(times.filter((t) => t === 1)).toHaveLength(15);
    expect(times.filter((t) => t > 1)).toHaveLength(0);
    // the next step is on the queue
    expect(engine.depth('jobs').visible).toBe(1);
  });

  it('queues no second step while one has saved progress lately, and one when progress has stalled', async () => {
    await putBackfillItems('stalled', 5);
    const backfills = [tickingBackfill('stalled')];
    const registry = new JobRegistry();
    registerDataMigrationJobs({ registry, backfills });
    await createJobsHandler(registry)({ Records: [stepRecord()] }, { getRemainingTimeInMillis: () => 4_000 });
    expect(engine.depth('jobs').visible).toBe(1);

    expect(await queueDataMigrationsIfPending(backfills)).toBe(false);
    expect(engine.depth('jobs').visible).toBe(1);
    now += 10 * 60_000;
    expect(await queueDataMigrationsIfPending(backfills)).toBe(true);
    expect(engine.depth('jobs').visible).toBe(2);
  });
});
