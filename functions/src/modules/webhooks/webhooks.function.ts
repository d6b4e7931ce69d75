import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as metaVerify } from './handlers/meta-verify.handler.ts';
import { handler as meta } from './handlers/meta.handler.ts';
import { handler as whatsappVerify } from './handlers/whatsapp-verify.handler.ts';
import { handler as whatsapp } from './handlers/whatsapp.handler.ts';

export const handler = moduleHandler({
  'webhooks.whatsapp-verify': whatsappVerify,
  'webhooks.whatsapp': whatsapp,
  'webhooks.meta-verify': metaVerify,
  'webhooks.meta': meta,
});
