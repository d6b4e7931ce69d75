import { defineHandler } from '../../../platform/http/define-handler.ts';
import { receiveCloudApiWebhook } from '../webhooks.service.ts';

export const handler = defineHandler('webhooks.whatsapp', ({ params, request }) =>
  receiveCloudApiWebhook(params.key, request.rawBody, request.headers),
);
