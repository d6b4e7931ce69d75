import { defineHandler } from '../../../platform/http/define-handler.ts';
import { sendMessage } from '../chats.service.ts';

export const handler = defineHandler('chats.send', ({ auth, params, body }) => sendMessage(auth, params.id, body));
