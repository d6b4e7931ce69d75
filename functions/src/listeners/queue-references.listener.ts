/**
 * What else names a queue follows its deletion: the connections' menus, redirection and import queue
 * (connections module). Registered by the queues Lambda entry, where queues are deleted.
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { removeQueueFromConnections } from '../modules/connections/connection-references.service.ts';

export const registerQueueReferencesListener = (): void => {
  domainEvents.on(
    'queue.changed',
    'queue-references',
    async (e) => {
      if (e.change.action === 'delete') await removeQueueFromConnections(e.companyId, e.change.queueId);
    },
    { failsRequest: true },
  );
};
