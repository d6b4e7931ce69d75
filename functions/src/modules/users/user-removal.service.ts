/**
 * Removing a user, apart from the rest of the users service because it reaches into tickets: everything that
 * reads a user (every request's authentication, sign-in) stays free of the tickets code.
 */
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { actorOf } from '../../platform/events/actor.ts';
import { closeConnections } from '../../platform/realtime/publisher.ts';
import { returnUserTicketsToQueues } from '../tickets/user-tickets.service.ts';
import { deleteUserRecord } from './users.repository.ts';
import { requireUser } from './users.service.ts';

/**
 * DELETE /users/{id}: an admin removes another user of the company. The user's open tickets go back to their
 * queues as pending, the user's session ends (its token and refresh cookie name a user that no longer exists)
 * and their sockets close. The caller is an admin other than the user, so the company keeps an admin.
 */
export const deleteUser = async (auth: AuthContext, userId: number): Promise<{ ok: true }> => {
  if (userId === auth.userId) throw new AppError('ERR_DELETE_SELF');
  const record = await requireUser(auth.companyId, userId);
  const settings = auth.company.settings as Record<string, string> | undefined;
  await returnUserTicketsToQueues(auth.companyId, userId, settings);
  await deleteUserRecord(record);
  // a ticket the user accepted between the first pass and the delete goes back as well
  await returnUserTicketsToQueues(auth.companyId, userId, settings);
  await closeConnections(auth.companyId, (c) => c.userId === userId);
  await domainEvents.emit({ name: 'user.deleted', companyId: auth.companyId, userId, actor: actorOf(auth) });
  return { ok: true };
};
