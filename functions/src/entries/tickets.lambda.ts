// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerAuthenticator } from '../platform/http/authenticator.ts';
import { authenticateRequest } from '../modules/auth/authenticate.ts';
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { registerTimerListener } from '../listeners/ticket-timers.listener.ts';
import { registerDashboardListener } from '../listeners/dashboard.listener.ts';
import { registerKanbanListener } from '../listeners/kanban.listener.ts';
import { registerTicketTextsListener } from '../listeners/ticket-texts.listener.ts';
import { handler } from '../modules/tickets/tickets.function.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();
registerTimerListener();
registerDashboardListener();
registerKanbanListener();
registerTicketTextsListener();

export { handler };
