// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerAuthenticator } from '../platform/http/authenticator.ts';
import { authenticateRequest } from '../modules/auth/authenticate.ts';
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { registerCompanySessionsListener } from '../listeners/company-sessions.listener.ts';
import { registerUserInvitesListener } from '../listeners/user-invites.listener.ts';
import { handler } from '../modules/companies/companies.function.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();
registerCompanySessionsListener();
registerUserInvitesListener();

export { handler };
