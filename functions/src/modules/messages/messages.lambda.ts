import { registerAuthenticator } from '../../platform/http/authenticator.ts';
import { moduleHandler } from '../../platform/http/module-handler.ts';
import { authenticateRequest } from '../auth/authenticate.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as edit } from './handlers/edit.handler.ts';
import { handler as forward } from './handlers/forward.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as send } from './handlers/send.handler.ts';
import { handler as sendTemplate } from './handlers/send-template.handler.ts';
import { handler as uploadUrl } from './handlers/upload-url.handler.ts';
import { registerRealtimeListener } from '../../listeners/realtime.listener.ts';
import { registerTimerListener } from '../../listeners/ticket-timers.listener.ts';
import { registerDashboardListener } from '../../listeners/dashboard.listener.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();
registerTimerListener();
registerDashboardListener();

export const handler = moduleHandler({
  'messages.list': list,
  'messages.send': send,
  'messages.upload-url': uploadUrl,
  'messages.edit': edit,
  'messages.delete': remove,
  'messages.forward': forward,
  'messages.send-template': sendTemplate,
});
