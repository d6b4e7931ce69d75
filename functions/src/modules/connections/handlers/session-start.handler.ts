import { defineHandler } from '../../../platform/http/define-handler.ts';
import { startSession } from '../whatsapp-sessions.service.ts';

export const handler = defineHandler('connections.session-start', ({ auth, params }) => startSession(auth, params.id));
