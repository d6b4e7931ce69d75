import { defineHandler } from '../../../platform/http/define-handler.ts';
import { disconnectSession } from '../whatsapp-sessions.service.ts';

export const handler = defineHandler('connections.session-disconnect', ({ auth, params }) => disconnectSession(auth, params.id));
