/**
 * Meta's webhooks: the verification call's query and a Cloud API number's own address. The posts
 * themselves are read as raw bytes and checked against their signature before anything parses them.
 */
import { z } from 'zod';

/** `GET ...?hub.mode=subscribe&hub.verify_token=...&hub.challenge=...` */
export const metaWebhookQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(1000).optional(),
  'hub.challenge': z.string().max(1000).optional(),
});

/** The key in a Cloud API connection's webhook address (`/webhooks/whatsapp/{key}`). */
export const whatsappWebhookParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
