import { defineHandler } from '../../../platform/http/define-handler.ts';
import { resetPassword } from '../auth.service.ts';

export const handler = defineHandler('auth.reset-password', async ({ body }) => {
  await resetPassword(body.email, body.token, body.newPassword);
  return { ok: true as const };
});
