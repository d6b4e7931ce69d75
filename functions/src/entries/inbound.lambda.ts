// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { registerTimerListener } from '../listeners/ticket-timers.listener.ts';
import { registerDashboardListener } from '../listeners/dashboard.listener.ts';
import { registerCampaignRepliesListener } from '../listeners/campaign-replies.listener.ts';
import { registerCampaignSendsListener } from '../listeners/campaign-sends.listener.ts';
import { registerEngineListener } from '../listeners/engine.listener.ts';
import { registerKanbanListener } from '../listeners/kanban.listener.ts';
import { handler } from '../modules/inbound/inbound.function.ts';

registerRealtimeListener();
registerTimerListener();
registerDashboardListener();
registerCampaignRepliesListener();
registerCampaignSendsListener();
registerEngineListener();
registerKanbanListener();

export { handler };
