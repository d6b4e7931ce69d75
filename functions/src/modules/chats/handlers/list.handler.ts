import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listChats } from '../chats.service.ts';

export const handler = defineHandler('chats.list', ({ auth, query }) => listChats(auth, query));
