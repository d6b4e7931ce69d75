import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showChat } from '../chats.service.ts';

export const handler = defineHandler('chats.show', ({ auth, params }) => showChat(auth, params.id));
