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
    'queueIntegration.deleted',
    'integration-references',
    async (e) => {
      await removeIntegrationFromConnections(e.companyId, e.queueIntegrationId);
      await removeIntegrationFromQueues(e.companyId, e.queueIntegrationId);
    },
    { failsRequest: true },
  );
};
