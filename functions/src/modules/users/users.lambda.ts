import { registerAuthenticator } from '../../platform/http/authenticator.ts';
import { moduleHandler } from '../../platform/http/module-handler.ts';
import { authenticateRequest } from '../auth/authenticate.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as mediaUpload } from './handlers/media-upload.handler.ts';
import { handler as picker } from './handlers/picker.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as toggleWidth } from './handlers/toggle-width.handler.ts';
import { handler as update } from './handlers/update.handler.ts';
import { registerRealtimeListener } from '../../listeners/realtime.listener.ts';
import { registerAuditListener } from '../../listeners/audit.listener.ts';
import { registerSocketRightsListener } from '../../listeners/socket-rights.listener.ts';
import { registerTimerListener } from '../../listeners/ticket-timers.listener.ts';
import { registerDashboardListener } from '../../listeners/dashboard.listener.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();
// administrative changes made here are written to the audit log
registerAuditListener();
// a change of what an agent may see closes their sockets, which reconnect with the new rights
registerSocketRightsListener();
registerTimerListener();
registerDashboardListener();

export const handler = moduleHandler({
  'users.show': show,
  'users.update': update,
  'users.list': list,
  'users.picker': picker,
  'users.toggle-width': toggleWidth,
  'users.create': create,
  'users.delete': remove,
  'users.media-upload': mediaUpload,
});
