import { registerAuthenticator } from '../../platform/http/authenticator.ts';
import { moduleHandler } from '../../platform/http/module-handler.ts';
import { authenticateRequest } from '../auth/authenticate.ts';
import { handler as list } from './handlers/list.handler.ts';

registerAuthenticator(authenticateRequest);

export const handler = moduleHandler({
  'audit.list': list,
});
