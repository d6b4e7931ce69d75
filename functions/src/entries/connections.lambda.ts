// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerAuthenticator } from '../platform/http/authenticator.ts';
import { authenticateRequest } from '../modules/auth/authenticate.ts';
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { registerAuditListener } from '../listeners/audit.listener.ts';
import { registerTimerListener } from '../listeners/ticket-timers.listener.ts';
import { registerDashboardListener } from '../listeners/dashboard.listener.ts';
import { handler } from '../modules/connections/connections.function.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();
registerAuditListener();
registerTimerListener();
registerDashboardListener();

export { handler };
