import { registerAuthenticator } from '../../platform/http/authenticator.ts';
import { moduleHandler } from '../../platform/http/module-handler.ts';
import { authenticateRequest } from '../auth/authenticate.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';
import { registerRealtimeListener } from '../../listeners/realtime.listener.ts';
import { registerAuditListener } from '../../listeners/audit.listener.ts';
import { registerSocketRightsListener } from '../../listeners/socket-rights.listener.ts';
import { registerQueueReferencesListener } from '../../listeners/queue-references.listener.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();
// administrative changes made here are written to the audit log
registerAuditListener();
// a change of what an agent may see closes their sockets, which reconnect with the new rights
registerSocketRightsListener();
registerQueueReferencesListener();

export const handler = moduleHandler({
  'queues.list': list,
  'queues.show': show,
  'queues.create': create,
  'queues.update': update,
  'queues.delete': remove,
});
