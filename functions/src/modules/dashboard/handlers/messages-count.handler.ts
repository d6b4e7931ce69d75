import { defineHandler } from '../../../platform/http/define-handler.ts';
import { messagesCount } from '../dashboard.service.ts';

export const handler = defineHandler('dashboard.messages-count', ({ auth, query }) => messagesCount(auth, query));
