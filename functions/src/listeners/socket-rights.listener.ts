/**
 * A socket keeps no rights its user lost. A connection stores the rights it was opened with (profile, queues,
 * allTicket, allowGroup, allUserChat) and the publisher picks recipients by them, so when those rights change the
 * user's sockets are closed: the browser reconnects with a new ticket and its new socket carries the rights as they
 * are now. Each socket is compared with the rights it stored, so one whose rights did not change stays open, and a
 * change retried after a failed close closes what the first attempt left open. A change that ended the user's
 * session (a password set by someone else) closes that session's sockets in the same pass.
 * Registered where these changes are made: the users, settings and queues Lambda entries.
 */
import type { User } from '@switchboard/shared/contracts/auth';
import { viewerOfUser } from '../modules/tickets/ticket-visibility.service.ts';
import { domainEvents } from '../platform/events/domain-events.ts';
import type { ConnectionRecord } from '../platform/realtime/connection.entity.ts';
import { closeConnections } from '../platform/realtime/publisher.ts';

const ID = 'socket-rights';

type SocketRights = Pick<ConnectionRecord, 'profile' | 'queueIds' | 'allTicket' | 'allowGroup' | 'allUserChat'>;

/** The rights a socket of `user` is given when it connects (realtime.service.ts). */
const rightsOf = (user: User): SocketRights => {
  const { profile, queueIds, allTicket, allowGroup, allUserChat } = viewerOfUser(user);
  return { profile, queueIds, allTicket, allowGroup, allUserChat };
};

const sameQueues = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((id) => b.includes(id));

const holdsRights = (socket: SocketRights, rights: SocketRights): boolean =>
  socket.profile === rights.profile &&
  sameQueues(socket.queueIds ?? [], rights.queueIds) &&
  socket.allTicket === rights.allTicket &&
  (socket.allowGroup ?? false) === rights.allowGroup &&
  (socket.allUserChat ?? false) === rights.allUserChat;

export const registerSocketRightsListener = (): void => {
  domainEvents.on(
    'user.updated',
    ID,
    async ({ companyId, user, endedSessionId }) => {
      const rights = rightsOf(user);
      await closeConnections(
        companyId,
        (c) => c.kind === 'agent' && c.userId === user.id && (c.sessionId === endedSessionId || !holdsRights(c, rights)),
      );
    },
    { failsRequest: true },
  );

  // the company's allUserChat widens every agent's view; a user's own flag that stays on is not known here, so
  // turning the company's off closes those agents' sockets too (they reconnect with the same view)
  domainEvents.on(
    'settings.updated',
    ID,
    async ({ companyId, keys, values }) => {
      if (!keys.includes('allUserChat') || values.allUserChat === undefined) return;
      // the value the event carries, not a read: one right after the write may still see the old value
      const enabled = values.allUserChat === 'enabled';
      await closeConnections(companyId, (c) => c.kind === 'agent' && (c.allUserChat ?? false) !== enabled);
    },
    { failsRequest: true },
  );

  // a deleted queue leaves its users' queue lists without a user.updated for each
  domainEvents.on(
    'queue.deleted',
    ID,
    async ({ companyId, queueId }) => {
      await closeConnections(companyId, (c) => c.kind === 'agent' && (c.queueIds ?? []).includes(queueId));
    },
    { failsRequest: true },
  );
};
