import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as docs } from './handlers/docs.handler.ts';
import { handler as openapi } from './handlers/openapi.handler.ts';
import { handler as send } from './handlers/send.handler.ts';

export const handler = moduleHandler({
  'external-api.send': send,
  'external-api.openapi': openapi,
  'external-api.docs': docs,
});
