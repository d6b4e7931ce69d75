// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { registerCampaignSendsListener } from '../listeners/campaign-sends.listener.ts';

/** The listeners the connector registers, in the manifest's order, once at start. */
export const registerConnectorListeners = (): void => {
  registerRealtimeListener();
  registerCampaignSendsListener();
};
