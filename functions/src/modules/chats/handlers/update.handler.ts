import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateChat } from '../chats.service.ts';

export const handler = defineHandler('chats.update', ({ auth, params, body }) => updateChat(auth, params.id, body));
