/** The `companies.purge` job: registered by the jobs function only (it reaches the Scan of company-purge.repository.ts). */
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { z } from 'zod';
import { enqueueJob, registerJob } from '../jobs/jobs.service.ts';
import { PURGE_JOB } from './company-admin.service.ts';
import { getCompany } from './companies.repository.ts';
import { purgeCompanyItems } from './company-purge.repository.ts';

const PURGE_PAGES_PER_JOB = 5;

/** Removes what is left of a deleted company, a few table pages per job, the next job going on from there. */
export const purgeDeletedCompany = async (
  companyId: number,
  cursor?: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> => {
  if (companyId === PLATFORM_COMPANY_ID || (await getCompany(companyId))) return undefined;
  return (await purgeCompanyItems(companyId, PURGE_PAGES_PER_JOB, cursor)).next;
};

export const registerCompanyJobs = (): void => {
  registerJob(
    PURGE_JOB,
    z.object({ companyId: z.number().int().positive(), cursor: z.record(z.string(), z.unknown()).optional() }),
    async (job) => {
      const next = await purgeDeletedCompany(job.companyId, job.cursor);
      if (next) await enqueueJob({ type: PURGE_JOB, companyId: job.companyId, cursor: next });
    },
  );
};
