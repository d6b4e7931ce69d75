import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteChat } from '../chats.service.ts';

export const handler = defineHandler('chats.delete', ({ auth, params }) => deleteChat(auth, params.id));
