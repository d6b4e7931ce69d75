import { registerAuthenticator } from '../../platform/http/authenticator.ts';
import { moduleHandler } from '../../platform/http/module-handler.ts';
import { authenticateRequest } from '../auth/authenticate.ts';
import { handler as listPublic } from './handlers/list-public.handler.ts';

registerAuthenticator(authenticateRequest);

export const handler = moduleHandler({ 'plans.list-public': listPublic });
