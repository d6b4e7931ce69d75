// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { registerCampaignSendsListener } from '../listeners/campaign-sends.listener.ts';
import { registerTimerListener } from '../listeners/ticket-timers.listener.ts';
import { registerDashboardListener } from '../listeners/dashboard.listener.ts';
import { handler } from '../modules/outbound/outbound.function.ts';

registerRealtimeListener();
registerCampaignSendsListener();
registerTimerListener();
registerDashboardListener();

export { handler };
