/**
 * What else names a queue follows its deletion: the users' queue lists (users module), then the connections' menus,
 * redirection and import queue (connections module). Registered by the queues Lambda entry, where queues are deleted.
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { removeQueueFromConnections } from '../modules/connections/connection-references.service.ts';
import { removeQueueFromUsers } from '../modules/users/users.service.ts';

export const registerQueueReferencesListener = (): void => {
  domainEvents.on(
    'queue.deleted',
    'queue-references',
    async (e) => {
      await removeQueueFromUsers(e.companyId, e.queueId);
      await removeQueueFromConnections(e.companyId, e.queueId);
    },
    { failsRequest: true },
  );
};
