/**
 * What else names a flow follows its deletion: the connections' welcome and not-phrase flows are cleared
 * (connections module) and the phrase campaigns that start it are switched off (flow-campaigns module). Registered
 * by the flows Lambda entry, where flows are deleted.
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { removeFlowFromConnections } from '../modules/connections/connection-references.service.ts';
import { switchOffCampaignsOfFlow } from '../modules/flow-campaigns/flow-campaigns.service.ts';

export const registerFlowReferencesListener = (): void => {
  domainEvents.on(
    'flow.deleted',
    'flow-references',
    async (e) => {
      await removeFlowFromConnections(e.companyId, e.flowId);
      await switchOffCampaignsOfFlow(e.companyId, e.flowId);
    },
    { failsRequest: true },
  );
};
