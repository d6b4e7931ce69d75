/**
 * What else names an integration follows its deletion: connections (integrationId), queues (integrationId) and
 * chatbot options (optIntegrationId) drop it. Registered by the integrations Lambda entry, where they are deleted.
 * Tickets inside the integration leave it on their next message (engine/integration-runtime.ts finds none).
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { removeIntegrationFromConnections } from '../modules/connections/connection-references.service.ts';
import { removeIntegrationFromQueues } from '../modules/queues/queue-integration-references.service.ts';

export const registerIntegrationReferencesListener = (): void => {
  domainEvents.on(
    'queueIntegration.changed',
    'integration-references',
    async (e) => {
      if (e.change.action !== 'delete') return;
      await removeIntegrationFromConnections(e.companyId, e.change.integrationId);
      await removeIntegrationFromQueues(e.companyId, e.change.integrationId);
    },
    { failsRequest: true },
  );
};
