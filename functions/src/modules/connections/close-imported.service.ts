/**
 * POST /closedimported/{id} (spec document 2 sections 4 and 7): closes the tickets an import of old messages created
 * on a connection, one bounded page at a time; the rest closes in `connections.close-imported` jobs on the jobs
 * queue. The import's status is cleared (the close button goes away) once none is left.
 */
import { z } from 'zod';
import type { CloseImportedResponse } from '@switchboard/shared/contracts/connections';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { enqueueJob, registerJob } from '../jobs/jobs.service.ts';
import { closeImportedTicketsPage } from '../tickets/imported-tickets.service.ts';
import { CLOSE_JOB, tell } from './connection-import.service.ts';
import { writeImportStatus } from './connection-import.repository.ts';
import { getConnectionRecord } from './connections.repository.ts';

/** One page; the rest continues in a job. The status is cleared once no imported ticket is left. */
const closePage = async (companyId: number, connectionId: number): Promise<CloseImportedResponse> => {
  const page = await closeImportedTicketsPage(companyId, connectionId);
  if (page.hasMore) {
    await enqueueJob({ type: CLOSE_JOB, companyId, connectionId });
    return { closed: page.closed, queued: true };
  }
  await writeImportStatus(companyId, connectionId, null);
  await tell(companyId, connectionId);
  return { closed: page.closed, queued: false };
};

/** POST /closedimported/{id} */
export const closeImportedTickets = async (auth: AuthContext, id: number): Promise<CloseImportedResponse> => {
  const r = await getConnectionRecord(auth.companyId, id);
  if (!r) throw new AppError('ERR_NO_WAPP_FOUND');
  return closePage(auth.companyId, id);
};

export const registerConnectionJobs = (): void => {
  registerJob(
    CLOSE_JOB,
    z.object({ companyId: z.number().int().positive(), connectionId: z.number().int().positive() }),
    async (job) => {
      if (!(await getConnectionRecord(job.companyId, job.connectionId))) return;
      await closePage(job.companyId, job.connectionId);
    },
  );
};
