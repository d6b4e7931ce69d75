/**
 * Jobs of the campaigns module, run by the jobs queue consumer (campaign-dispatch.service.ts explains each):
 * `campaigns.start`, `campaigns.prepare`, `campaigns.release` and `campaigns.send`; `campaigns.send-failed`, a
 * refusal the channel reported after a send was settled, and `campaigns.send-state`, a receipt or a deferral of a
 * send (campaign-sends.listener.ts).
 */
import { z } from 'zod';
import { registerJob } from '../jobs/jobs.service.ts';
import { prepareCampaign, releaseCampaign, startCampaign } from './campaign-dispatch.service.ts';
import { noteSendFailure, noteSendState } from './campaign-receipts.service.ts';
import { PREPARE_JOB, RELEASE_JOB, SEND_JOB, START_JOB } from './campaign-run.service.ts';
import { sendToRecipient } from './campaign-send.service.ts';
import { SEND_FAILED_JOB, SEND_STATE_JOB } from './campaign.entity.ts';

const ref = { companyId: z.number().int().positive(), campaignId: z.number().int().positive() };
const run = z.number().int().positive();

export const registerCampaignJobs = (): void => {
  registerJob(START_JOB, z.object({ ...ref, scheduledAt: z.string().max(40) }), (job) => startCampaign(job));
  registerJob(
    PREPARE_JOB,
    z.object({
      ...ref,
      run,
      cursor: z.string().max(4096).nullable(),
      pacing: z.object({
        planned: z.number().int().min(0),
        lastAt: z.string().max(40).nullable(),
        day: z.string().max(10).nullable(),
        dayCount: z.number().int().min(0),
      }),
      earliest: z.string().max(40),
      valid: z.number().int().min(0),
      unreachable: z.number().int().min(0).default(0),
    }),
    (job) => prepareCampaign(job),
  );
  registerJob(RELEASE_JOB, z.object({ ...ref, run }), (job) => releaseCampaign(job));
  registerJob(SEND_JOB, z.object({ ...ref, run, number: z.string().min(1).max(50) }), (job) => sendToRecipient(job));
  registerJob(
    SEND_FAILED_JOB,
    z.object({
      companyId: ref.companyId,
      number: z.string().min(1).max(200),
      messageId: z.string().min(1).max(100),
      error: z.string().max(2000),
    }),
    (job) => noteSendFailure(job.companyId, job.number, job.messageId, job.error),
  );
  registerJob(
    SEND_STATE_JOB,
    z.object({
      companyId: ref.companyId,
      number: z.string().min(1).max(200),
      messageId: z.string().min(1).max(100),
      state: z.union([z.object({ ack: z.number().int().min(0).max(5) }), z.object({ deferred: z.string().min(1).max(300) })]),
    }),
    (job) => noteSendState(job.companyId, job.number, job.messageId, job.state),
  );
};
