/**
 * A deleted AI prompt leaves the connections that answered with it (connections module), so none keeps an id that
 * no longer resolves. Registered by the prompts Lambda entry, where prompts are deleted.
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { removePromptFromConnections } from '../modules/connections/connection-references.service.ts';

export const registerPromptReferencesListener = (): void => {
  domainEvents.on(
    'prompt.deleted',
    'prompt-references',
    async (e) => {
      await removePromptFromConnections(e.companyId, e.promptId);
    },
    { failsRequest: true },
  );
};
