import { registerAuthenticator } from '../../platform/http/authenticator.ts';
import { moduleHandler } from '../../platform/http/module-handler.ts';
import { authenticateRequest } from '../auth/authenticate.ts';
import { handler as metaVerify } from './handlers/meta-verify.handler.ts';
import { handler as meta } from './handlers/meta.handler.ts';
import { handler as whatsappVerify } from './handlers/whatsapp-verify.handler.ts';
import { handler as whatsapp } from './handlers/whatsapp.handler.ts';
import { registerRealtimeListener } from '../../listeners/realtime.listener.ts';
import { registerTimerListener } from '../../listeners/ticket-timers.listener.ts';
import { registerDashboardListener } from '../../listeners/dashboard.listener.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();
registerTimerListener();
registerDashboardListener();

export const handler = moduleHandler({
  'webhooks.whatsapp-verify': whatsappVerify,
  'webhooks.whatsapp': whatsapp,
  'webhooks.meta-verify': metaVerify,
  'webhooks.meta': meta,
});
