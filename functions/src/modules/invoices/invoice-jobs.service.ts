/**
 * Jobs of the invoices module, run by the jobs queue consumer.
 * - `invoices.cycle`: a company's billing cycle came due (invoice-cycle.service.ts).
 */
import { z } from 'zod';
import { registerJob } from '../jobs/jobs.service.ts';
import { INVOICE_CYCLE_JOB, runInvoiceCycle } from './invoice-cycle.service.ts';

export const registerInvoiceJobs = (): void => {
  registerJob(INVOICE_CYCLE_JOB, z.object({ companyId: z.number().int().positive() }), async (job) => {
    await runInvoiceCycle(job.companyId);
  });
};
