/**
 * Jobs of the contact lists module, run by the jobs queue consumer:
 * - `contactLists.purge`: a deleted list's partition (items, pointers, number markers, imports), a page per run,
 *   each run queueing the next, so a list of any size is removed without a long request;
 * - `contactLists.import`: the next rows of an uploaded spreadsheet (contact-list-import.service.ts);
 * - `contactLists.check`: the next batch of numbers to check on WhatsApp (contact-list-checks.service.ts).
 */
import { z } from 'zod';
import { enqueueJob, registerJob } from '../jobs/jobs.service.ts';
import { runCheckJob } from './contact-list-checks.service.ts';
import { continueImport, runImportStep } from './contact-list-import.service.ts';
import { purgeListPartition } from './contact-lists.repository.ts';

const listJob = z.object({ companyId: z.number().int().positive(), contactListId: z.number().int().positive() });
/** Records deleted per purge run. */
const PURGE_PAGE = 100;

export const registerContactListJobs = (): void => {
  registerJob('contactLists.purge', listJob, async (job) => {
    if (await purgeListPartition(job.companyId, job.contactListId, PURGE_PAGE))
      await enqueueJob({ type: 'contactLists.purge', ...listJob.parse(job) });
  });
  registerJob('contactLists.import', listJob.extend({ importId: z.string().min(1).max(40) }), async (job) => {
    const { type: _t, ...rest } = job;
    if (await runImportStep(rest)) await continueImport(rest);
  });
  registerJob('contactLists.check', listJob.extend({ attempt: z.number().int().min(0).max(1000) }), async (job) => {
    const { type: _t, ...rest } = job;
    await runCheckJob(rest);
  });
};
