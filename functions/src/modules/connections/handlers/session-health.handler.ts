import { defineHandler } from '../../../platform/http/define-handler.ts';
import { sessionHealth } from '../whatsapp-sessions.service.ts';

export const handler = defineHandler('connections.session-health', ({ auth, params }) => sessionHealth(auth, params.id));
