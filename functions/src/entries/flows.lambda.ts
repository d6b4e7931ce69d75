// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerAuthenticator } from '../platform/http/authenticator.ts';
import { authenticateRequest } from '../modules/auth/authenticate.ts';
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { registerFlowReferencesListener } from '../listeners/flow-references.listener.ts';
import { handler } from '../modules/flows/flows.function.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();
registerFlowReferencesListener();

export { handler };
