// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerAuthenticator } from '../platform/http/authenticator.ts';
import { authenticateRequest } from '../modules/auth/authenticate.ts';
import { handler } from '../modules/helps/helps.function.ts';

registerAuthenticator(authenticateRequest);

export { handler };
