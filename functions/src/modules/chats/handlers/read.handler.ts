import { defineHandler } from '../../../platform/http/define-handler.ts';
import { readChat } from '../chats.service.ts';

export const handler = defineHandler('chats.read', ({ auth, params }) => readChat(auth, params.id));
