import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteMessage } from '../chats.service.ts';

export const handler = defineHandler('chats.delete-message', ({ auth, params }) => deleteMessage(auth, params.messageId));
