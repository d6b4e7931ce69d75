import { registerAuthenticator } from '../../platform/http/authenticator.ts';
import { moduleHandler } from '../../platform/http/module-handler.ts';
import { authenticateRequest } from '../auth/authenticate.ts';
import { handler as listPlan } from './handlers/list-plan.handler.ts';
import { handler as schedules } from './handlers/schedules.handler.ts';
import { handler as schedulesUpdate } from './handlers/schedules-update.handler.ts';
import { registerRealtimeListener } from '../../listeners/realtime.listener.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();

export const handler = moduleHandler({ 'companies.list-plan': listPlan, 'companies.schedules': schedules, 'companies.schedules-update': schedulesUpdate });
