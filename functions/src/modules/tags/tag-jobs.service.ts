/**
 * Jobs of the tags module, run by the jobs queue consumer.
 * - `tags.propagate`: a tag changed or was deleted; the copies contacts and tickets keep of it follow, a page per
 *   run (contacts first, then tickets), each run queueing the next, so no run grows with the company.
 * - `kanban.lane-timeout` (kanban-lanes.service.ts): a lane's timer ran out.
 */
import { z } from 'zod';
import { findContactsPage } from '../contacts/contact-search.service.ts';
import { refreshContactTag } from '../contacts/contact-tags.service.ts';
import { enqueueJob, registerJob } from '../jobs/jobs.service.ts';
import { refreshTagOnTickets, type TagWalkCursor } from '../tickets/ticket-lanes.service.ts';
import { registerKanbanJobs } from './kanban-lanes.service.ts';
import { getTag } from '../tag-records/tag-records.service.ts';

const CONTACTS_PAGE = 50;

const propagateJob = z.object({
  companyId: z.number().int().positive(),
  tagId: z.number().int().positive(),
  phase: z.enum(['contacts', 'tickets']),
  cursor: z.string().max(4096).optional(),
  walk: z.object({ status: z.number().int().min(0), key: z.record(z.string(), z.string()).optional() }).optional(),
});
export type PropagateJob = z.infer<typeof propagateJob>;

/** One page of the propagation; answers the job that continues it, or undefined when every copy is in step. */
export const propagateTagStep = async (job: PropagateJob): Promise<PropagateJob | undefined> => {
  const tag = (await getTag(job.companyId, job.tagId)) ?? null;
  if (job.phase === 'contacts') {
    const page = await findContactsPage(job.companyId, {
      contactTag: [job.tagId],
      cursor: job.cursor,
      rowsPerPage: CONTACTS_PAGE,
    });
    for (const contact of page.contacts) await refreshContactTag(job.companyId, contact.id, job.tagId, tag);
    if (page.nextCursor) return { ...job, cursor: page.nextCursor };
    return { companyId: job.companyId, tagId: job.tagId, phase: 'tickets', walk: { status: 0 } };
  }
  const next: TagWalkCursor | null = await refreshTagOnTickets(job.companyId, job.tagId, tag, job.walk ?? { status: 0 });
  return next ? { ...job, walk: next } : undefined;
};

export const registerTagJobs = (): void => {
  registerJob('tags.propagate', propagateJob, async (job) => {
    const next = await propagateTagStep(job);
    if (next) await enqueueJob({ type: 'tags.propagate', ...next });
  });
  registerKanbanJobs();
};
