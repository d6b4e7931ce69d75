import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createChat } from '../chats.service.ts';

export const handler = defineHandler('chats.create', ({ auth, body }) => createChat(auth, body));
