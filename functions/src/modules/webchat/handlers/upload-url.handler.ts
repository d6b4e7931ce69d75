import { defineHandler } from '../../../platform/http/define-handler.ts';
import { visitorUploadUrl } from '../webchat.service.ts';

export const handler = defineHandler('webchat.upload-url', ({ params, body, request }) =>
  visitorUploadUrl(params.token, request.headers.authorization, body, request.sourceIp),
);
