import { defineHandler } from '../../../platform/http/define-handler.ts';
import { textReply } from '../../../platform/http/types.ts';
import { verifyMetaWebhook } from '../webhooks.service.ts';

export const handler = defineHandler('webhooks.meta-verify', async ({ query }) => textReply(await verifyMetaWebhook(query)));
