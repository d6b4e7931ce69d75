/**
 * Consumer of the `jobs` queue: each record is parsed and dispatched through the job registry; a record that
 * fails (unknown type, invalid body, failing job) is reported in batchItemFailures, so it is retried alone and
 * ends in the DLQ instead of being dropped. Modules register their job types in `<module>.jobs.ts` files,
 * which this Lambda imports.
 */
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../platform/logger.ts';
import { processSqsBatch } from '../../platform/ports/sqs-batch.ts';
import { queueDataMigrationsOnce, registerDataMigrationJobs } from '../../migrations/data-migrations.ts';
import { registerConnectionJobs } from '../connections/close-imported.service.ts';
import { registerScheduleJobs } from '../schedules/schedule-jobs.service.ts';
import { registerCampaignJobs } from '../campaigns/campaign-jobs.service.ts';
import { registerTicketJobs } from '../tickets/ticket-jobs.service.ts';
import { registerEngineJobs } from '../../engine/ticket-timer-job.ts';
import { registerFlowJobs } from '../../engine/flow-runtime.ts';
import { registerIntegrationJobs } from '../../engine/integrations/integration-outbox.ts';
import { registerTagJobs } from '../tags/tag-jobs.service.ts';
import { registerInvoiceJobs } from '../invoices/invoice-jobs.service.ts';
import { registerCompanyJobs } from '../companies/company-purge.service.ts';
import { registerContactListJobs } from '../contact-lists/contact-list-jobs.service.ts';
import { registerKanbanListener } from '../../listeners/kanban.listener.ts';
import { InvalidJobError, jobRegistry, UnknownJobTypeError, type JobContext, type JobRegistry } from './jobs.service.ts';
import { registerRealtimeListener } from '../../listeners/realtime.listener.ts';
import { registerCompanySessionsListener } from '../../listeners/company-sessions.listener.ts';
import { registerTimerListener } from '../../listeners/ticket-timers.listener.ts';
import { registerDashboardListener } from '../../listeners/dashboard.listener.ts';

registerRealtimeListener();
registerCompanySessionsListener();
registerTimerListener();
registerDashboardListener();
registerKanbanListener();

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
    queueDataMigrationsOnce().catch((error: unknown) => logger.warn('data migrations not queued: tried again with the next batch', { error: error as Error })),
  ]);
  return response;
};

// the job types of every module, registered once per cold start
registerTicketJobs();
registerScheduleJobs();
registerCampaignJobs();
registerConnectionJobs();
registerTagJobs();
registerCompanyJobs();
registerEngineJobs();
registerFlowJobs();
registerIntegrationJobs();
registerInvoiceJobs();
registerContactListJobs();
registerDataMigrationJobs();

export const handler = handleJobs;
