import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listMessages } from '../chats.service.ts';

export const handler = defineHandler('chats.messages', ({ auth, params, query }) => listMessages(auth, params.id, query));
