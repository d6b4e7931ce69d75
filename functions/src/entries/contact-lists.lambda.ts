// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerAuthenticator } from '../platform/http/authenticator.ts';
import { authenticateRequest } from '../modules/auth/authenticate.ts';
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { handler } from '../modules/contact-lists/contact-lists.function.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();

export { handler };
