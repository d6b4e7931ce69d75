// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerAuthenticator } from '../platform/http/authenticator.ts';
import { authenticateRequest } from '../modules/auth/authenticate.ts';
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { registerPromptReferencesListener } from '../listeners/prompt-references.listener.ts';
import { handler } from '../modules/prompts/prompts.function.ts';

registerAuthenticator(authenticateRequest);
registerRealtimeListener();
registerPromptReferencesListener();

export { handler };
