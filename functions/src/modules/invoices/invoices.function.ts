import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as pixWebhook } from './handlers/pix-webhook.handler.ts';
import { handler as subscribe } from './handlers/subscribe.handler.ts';

export const handler = moduleHandler({
  'invoices.list': list,
  'invoices.subscribe': subscribe,
  'invoices.pix-webhook': pixWebhook,
});
