/**
 * Consumer of the `jobs` queue: each record is parsed and dispatched through the job registry; a record that
 * fails (unknown type, invalid body, failing job) is reported in batchItemFailures, so it is retried alone and
 * ends in the DLQ instead of being dropped. Modules register their job types in `<module>.jobs.ts` files,
 * which this Lambda imports.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../platform/logger.ts';
import { processSqsBatch } from '../../platform/ports/sqs-batch.ts';
import { dataMigrationsOnce } from '../../migrations/data-migrations.ts';
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

const contextOf = (record: SQSRecord): JobContext => ({
  messageId: record.messageId,
  receiveCount: Number(record.attributes.ApproximateReceiveCount),
  sentAt: new Date(Number(record.attributes.SentTimestamp)),
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
  async (event: SQSEvent): Promise<SQSBatchResponse> =>
    processSqsBatch(event, (record) => registry.run(record.body, contextOf(record)), { onFailure: reportFailure });

/**
 * In AWS, data stored by an earlier version is brought up to date before the first batch a new version runs; a
 * migration that fails is logged and tried again with the next batch, and the jobs run meanwhile.
 */
const migratedHandler = createJobsHandler();
const handleJobs = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  await dataMigrationsOnce().catch((error: unknown) => logger.warn('data migrations failed: tried again with the next batch', { error: error as Error }));
  return migratedHandler(event);
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

export const handler = handleJobs;
