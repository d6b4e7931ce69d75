import { defineHandler } from '../../../platform/http/define-handler.ts';
import { sendMessage } from '../message-sending.service.ts';

export const handler = defineHandler('messages.send', ({ auth, params, body }) => sendMessage(auth, params.id, body));
