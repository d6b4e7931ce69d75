/**
 * The `companies.purge` job: registered by the jobs function only (it reaches the Scan of company-purge.repository.ts).
 * A deleted company's table items go first, a few table pages per job; then its media files (every key under
 * `c<id>/`), a thousand or so per job; each job enqueues the next until nothing is left.
 */
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { z } from 'zod';
import { logger } from '../../platform/logger.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { enqueueJob, registerJob } from '../jobs/jobs.service.ts';
import { getCompanyRecord } from '../tenancy/company-records.service.ts';
import { PURGE_JOB } from './company-admin.service.ts';
import { purgeCompanyItems } from './company-purge.repository.ts';
import { companyMediaPrefix } from '../../platform/ports/media-keys.ts';
import { registerMediaUsageJob } from './company-media-usage-job.service.ts';

const PURGE_PAGES_PER_JOB = 5;
const MEDIA_FILES_PER_JOB = 1000;

type PurgeStep = { stage: 'items'; cursor?: Record<string, unknown> } | { stage: 'media' };

/** Removes part of what is left of a deleted company; answers the next step, or undefined when all is gone. */
export const purgeDeletedCompany = async (
  companyId: number,
  step: PurgeStep = { stage: 'items' },
): Promise<PurgeStep | undefined> => {
  if (companyId === PLATFORM_COMPANY_ID || (await getCompanyRecord(companyId))) return undefined;
  if (step.stage === 'items') {
    const next = (await purgeCompanyItems(companyId, PURGE_PAGES_PER_JOB, step.cursor)).next;
    return next ? { stage: 'items', cursor: next } : { stage: 'media' };
  }
  const { deleted, more } = await blobStore().deletePrefix(companyMediaPrefix(companyId), MEDIA_FILES_PER_JOB);
  logger.info('deleted company media removed', { companyId, deleted, more });
  return more ? { stage: 'media' } : undefined;
};

export const registerCompanyJobs = (): void => {
  registerMediaUsageJob();
  registerJob(
    PURGE_JOB,
    z.object({
      companyId: z.number().int().positive(),
      cursor: z.record(z.string(), z.unknown()).optional(),
      stage: z.enum(['items', 'media']).default('items'),
    }),
    async (job) => {
      const next = await purgeDeletedCompany(
        job.companyId,
        job.stage === 'media' ? { stage: 'media' } : { stage: 'items', ...(job.cursor ? { cursor: job.cursor } : {}) },
      );
      if (next) await enqueueJob({ type: PURGE_JOB, companyId: job.companyId, ...next });
    },
  );
};
