// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerAuthenticator } from '../platform/http/authenticator.ts';
import { authenticateRequest } from '../modules/auth/authenticate.ts';
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { registerCompanySessionsListener } from '../listeners/company-sessions.listener.ts';
import { handler } from '../modules/invoices/invoices.function.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();
registerCompanySessionsListener();

export { handler };
