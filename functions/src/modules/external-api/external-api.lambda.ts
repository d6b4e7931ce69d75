import { registerAuthenticator } from '../../platform/http/authenticator.ts';
import { moduleHandler } from '../../platform/http/module-handler.ts';
import { authenticateRequest } from '../auth/authenticate.ts';
import { registerRealtimeListener } from '../../listeners/realtime.listener.ts';
import { registerTimerListener } from '../../listeners/ticket-timers.listener.ts';
import { registerDashboardListener } from '../../listeners/dashboard.listener.ts';
import { handler as docs } from './handlers/docs.handler.ts';
import { handler as openapi } from './handlers/openapi.handler.ts';
import { handler as send } from './handlers/send.handler.ts';

registerAuthenticator(authenticateRequest);
// the messages and tickets this module records reach the inbox, timers and counters as every send's do
registerRealtimeListener();
registerTimerListener();
registerDashboardListener();

export const handler = moduleHandler({
  'external-api.send': send,
  'external-api.openapi': openapi,
  'external-api.docs': docs,
});
