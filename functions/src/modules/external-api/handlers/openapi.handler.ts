import { defineHandler } from '../../../platform/http/define-handler.ts';
import { reply } from '../../../platform/http/types.ts';
import { openApiDocument } from '../api-reference.service.ts';

export const handler = defineHandler('external-api.openapi', async () =>
  reply(openApiDocument(), { headers: { 'cache-control': 'public, max-age=300' } }),
);
