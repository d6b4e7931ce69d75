import { defineHandler } from '../../../platform/http/define-handler.ts';
import { receiveMetaWebhook } from '../webhooks.service.ts';

export const handler = defineHandler('webhooks.meta', ({ request }) => receiveMetaWebhook(request.rawBody, request.headers));
