/**
 * Jobs of the tickets module, run by the jobs queue consumer.
 * - `tickets.contact-changed`: a contact changed; its tickets' copies of it follow.
 * - `tickets.purge`: a deleted ticket's messages, logs and notes are removed.
 */
import { z } from 'zod';
import { registerJob } from '../jobs/jobs.service.ts';
import { purgeDeletedTicket, refreshContactOnTickets } from './tickets.service.ts';

export const registerTicketJobs = (): void => {
  registerJob('tickets.contact-changed', z.object({ companyId: z.number().int().positive(), contactId: z.number().int().positive() }), async (job) => {
    await refreshContactOnTickets(job.companyId, job.contactId);
  });
  registerJob('tickets.purge', z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive() }), async (job) => {
    await purgeDeletedTicket(job.companyId, job.ticketId);
  });
};
