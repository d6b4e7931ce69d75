import { defineHandler } from '../../../platform/http/define-handler.ts';
import { startChatImport } from '../chat-import.service.ts';

export const handler = defineHandler('contacts.import-chats', ({ auth, body }) => startChatImport(auth, body.whatsappId));
