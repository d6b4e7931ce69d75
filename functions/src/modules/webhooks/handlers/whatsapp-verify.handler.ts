import { defineHandler } from '../../../platform/http/define-handler.ts';
import { textReply } from '../../../platform/http/types.ts';
import { verifyCloudApiWebhook } from '../webhooks.service.ts';

export const handler = defineHandler('webhooks.whatsapp-verify', async ({ params, query }) =>
  textReply(await verifyCloudApiWebhook(params.key, query)),
);
