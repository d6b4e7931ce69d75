import { defineHandler } from '../../../platform/http/define-handler.ts';
import { resetPassword } from '../auth.service.ts';

export const handler = defineHandler('auth.reset-password', async ({ params }) => {
  await resetPassword(params.email, params.token, params.newPassword);
  return { ok: true as const };
});
