// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { handler } from '../modules/realtime/realtime.function.ts';

registerRealtimeListener();

export { handler };
