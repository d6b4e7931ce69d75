/**
 * Jobs of the tickets module, run by the jobs queue consumer.
 * - `tickets.contact-changed`: a contact changed; its tickets' copies of it follow.
 */
import { z } from 'zod';
import { registerJob } from '../jobs/jobs.service.ts';
import { refreshContactOnTickets } from './tickets.service.ts';

export const registerTicketJobs = (): void => {
  registerJob('tickets.contact-changed', z.object({ companyId: z.number().int().positive(), contactId: z.number().int().positive() }), async (job) => {
    await refreshContactOnTickets(job.companyId, job.contactId);
  });
};
