import { registerAuthenticator } from '../../platform/http/authenticator.ts';
import { moduleHandler } from '../../platform/http/module-handler.ts';
import { authenticateRequest } from '../auth/authenticate.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as removeContact } from './handlers/remove-contact.handler.ts';
import { handler as sync } from './handlers/sync.handler.ts';
import { registerRealtimeListener } from '../../listeners/realtime.listener.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();

export const handler = moduleHandler({
  'tags.list': list,
  'tags.create': create,
  'tags.sync': sync,
  'tags.remove-contact': removeContact,
});
