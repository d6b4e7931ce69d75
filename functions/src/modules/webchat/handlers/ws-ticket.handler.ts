import { defineHandler } from '../../../platform/http/define-handler.ts';
import { issueVisitorSocketTicket } from '../webchat.service.ts';

export const handler = defineHandler('webchat.ws-ticket', ({ params, request }) =>
  issueVisitorSocketTicket(params.token, request.headers.authorization),
);
