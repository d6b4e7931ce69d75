import { defineHandler } from '../../../platform/http/define-handler.ts';
import { renewSessionQr } from '../whatsapp-sessions.service.ts';

export const handler = defineHandler('connections.session-new-qr', ({ auth, params }) => renewSessionQr(auth, params.id));
