import { defineHandler } from '../../../platform/http/define-handler.ts';
import { reply } from '../../../platform/http/types.ts';
import { sendReply } from '../message-sending.service.ts';

export const handler = defineHandler('messages.send', async ({ auth, params, body, request }) => {
  const answer = await sendReply(auth, params.id, body, request.headers['idempotency-key']);
  return reply(answer.body, { status: answer.status, headers: answer.replayed ? { 'idempotent-replayed': 'true' } : {} });
});
