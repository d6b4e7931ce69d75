/**
 * POST /closedimported/{id} (spec document 2 sections 4 and 7): closes the tickets an import of old messages created
 * on a connection, one bounded page at a time; the rest closes in `connections.close-imported` jobs on the jobs
 * queue. The import's status is cleared (the close button goes away) once none is left.
 */
import type { CloseImportedResponse } from '@switchboard/shared/contracts/connections';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { CLOSE_JOB, clearImport, connectionExists } from '../connections/connection-import.service.ts';
import { closeImportedTicketsPage } from './imported-tickets.service.ts';

/** One page; the rest continues in a job. The status is cleared once no imported ticket is left. */
const closePage = async (companyId: number, connectionId: number): Promise<CloseImportedResponse> => {
  const page = await closeImportedTicketsPage(companyId, connectionId);
  if (page.hasMore) {
    await enqueueJob({ type: CLOSE_JOB, companyId, connectionId });
    return { closed: page.closed, queued: true };
  }
  await clearImport(companyId, connectionId);
  return { closed: page.closed, queued: false };
};

/** POST /closedimported/{id} */
export const closeImportedTickets = async (auth: AuthContext, id: number): Promise<CloseImportedResponse> => {
  if (!(await connectionExists(auth.companyId, id))) throw new AppError('ERR_NO_WAPP_FOUND');
  return closePage(auth.companyId, id);
};

/** The job's next page; a connection deleted meanwhile leaves nothing to do. */
export const closeNextImportedPage = async (companyId: number, connectionId: number): Promise<void> => {
  if (!(await connectionExists(companyId, connectionId))) return;
  await closePage(companyId, connectionId);
};
