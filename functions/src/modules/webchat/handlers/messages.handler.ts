import { defineHandler } from '../../../platform/http/define-handler.ts';
import { visitorConversation } from '../webchat.service.ts';

export const handler = defineHandler('webchat.messages', ({ params, request }) =>
  visitorConversation(params.token, request.headers.authorization),
);
