/**
 * Consumer of the `jobs` queue: each record is parsed and dispatched through the job registry; a record that
 * fails (unknown type, invalid body, failing job) is reported in batchItemFailures, so it is retried alone and
 * ends in the DLQ instead of being dropped. Modules register their job types through their `register*Jobs`
 * functions; the function's manifest entry names the ones its composition root (entries/jobs.lambda.ts) calls.
 */
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../platform/logger.ts';
import { processSqsBatch } from '../../platform/ports/sqs-batch.ts';
import { queueDataMigrationsOnce } from '../../migrations/data-migrations.ts';
import { InvalidJobError, jobRegistry, UnknownJobTypeError, type JobContext, type JobRegistry } from './jobs.service.ts';

/** What a batch's invocation knows of its time: the Lambda context in AWS, nothing locally. */
type InvocationContext = Pick<Context, 'getRemainingTimeInMillis'>;

const contextOf = (record: SQSRecord, invocation?: InvocationContext): JobContext => ({
  messageId: record.messageId,
  receiveCount: Number(record.attributes.ApproximateReceiveCount),
  sentAt: new Date(Number(record.attributes.SentTimestamp)),
  ...(invocation ? { remainingTimeMs: () => invocation.getRemainingTimeInMillis() } : {}),
});

const reportFailure = (record: SQSRecord, error: unknown): void => {
  const at = { messageId: record.messageId, receiveCount: Number(record.attributes.ApproximateReceiveCount) };
  if (error instanceof UnknownJobTypeError) {
    logger.error('Unknown job type on the jobs queue', { ...at, jobType: error.jobType });
  } else if (error instanceof InvalidJobError) {
    logger.error('Invalid job body on the jobs queue', { ...at, reason: error.message, issues: error.issues });
  } else {
    logger.error('Job failed', { ...at, error });
  }
};

export const createJobsHandler =
  (registry: JobRegistry = jobRegistry) =>
  async (event: SQSEvent, invocation?: InvocationContext): Promise<SQSBatchResponse> =>
    processSqsBatch(event, (record) => registry.run(record.body, contextOf(record, invocation)), { onFailure: reportFailure });

/**
 * Data stored by an earlier version is migrated by step jobs of its own (migrations/data-migrations.ts): the first
 * batch of a cold start only queues one if needed, beside its jobs; a look that fails is tried with the next batch.
 */
const batchHandler = createJobsHandler();
const handleJobs = async (event: SQSEvent, invocation?: InvocationContext): Promise<SQSBatchResponse> => {
  const [response] = await Promise.all([
    batchHandler(event, invocation),
    queueDataMigrationsOnce().catch((error: unknown) =>
      logger.warn('data migrations not queued: tried again with the next batch', { error: error as Error }),
    ),
  ]);
  return response;
};

export const handler = handleJobs;
