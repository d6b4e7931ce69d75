import { defineHandler } from '../../../platform/http/define-handler.ts';
import { restartSessions } from '../whatsapp-sessions.service.ts';

export const handler = defineHandler('connections.session-restart-all', ({ auth }) => restartSessions(auth));
