import { clearRefreshCookie } from '../../../platform/auth/tokens.ts';
import { defineHandler } from '../../../platform/http/define-handler.ts';
import { reply } from '../../../platform/http/types.ts';
import { logout } from '../auth.service.ts';

export const handler = defineHandler('auth.logout', async ({ auth }) => {
  await logout(auth);
  return reply({ ok: true as const }, { cookies: [clearRefreshCookie()] });
});
