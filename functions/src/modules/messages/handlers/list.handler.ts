import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listMessages } from '../messages.service.ts';

export const handler = defineHandler('messages.list', ({ auth, params, query }) => listMessages(auth, params.id, query));
