import { defineHandler } from '../../../platform/http/define-handler.ts';
import { sendVisitorMessage } from '../webchat.service.ts';

export const handler = defineHandler('webchat.send', ({ params, body, request }) =>
  sendVisitorMessage(params.token, request.headers.authorization, body, request.sourceIp),
);
