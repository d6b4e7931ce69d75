import { defineHandler } from '../../../platform/http/define-handler.ts';
import { editMessage } from '../chats.service.ts';

export const handler = defineHandler('chats.edit-message', ({ auth, params, body }) => editMessage(auth, params.messageId, body));
