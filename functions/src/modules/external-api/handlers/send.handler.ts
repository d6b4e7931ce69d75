import { defineHandler } from '../../../platform/http/define-handler.ts';
import { reply } from '../../../platform/http/types.ts';
import { sendExternalMessage } from '../external-api.service.ts';

export const handler = defineHandler('external-api.send', async ({ body, files, request }) => {
  const answer = await sendExternalMessage({
    authorization: request.headers.authorization,
    idempotencyKey: request.headers['idempotency-key'],
    body,
    files,
  });
  return reply(answer.body, { status: answer.status, headers: answer.replayed ? { 'idempotent-replayed': 'true' } : {} });
});
