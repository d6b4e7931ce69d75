import { registerAuthenticator } from '../../platform/http/authenticator.ts';
import { moduleHandler } from '../../platform/http/module-handler.ts';
import { authenticateRequest } from '../auth/authenticate.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as pixWebhook } from './handlers/pix-webhook.handler.ts';
import { handler as subscribe } from './handlers/subscribe.handler.ts';
import { registerRealtimeListener } from '../../listeners/realtime.listener.ts';
import { registerCompanySessionsListener } from '../../listeners/company-sessions.listener.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();
registerCompanySessionsListener();

export const handler = moduleHandler({ 'invoices.list': list, 'invoices.subscribe': subscribe, 'invoices.pix-webhook': pixWebhook });
