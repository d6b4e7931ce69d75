import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createVisitor } from '../webchat.service.ts';

export const handler = defineHandler('webchat.create-visitor', ({ params, body, request }) =>
  createVisitor(params.token, body, request.sourceIp),
);
