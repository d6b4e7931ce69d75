import { refreshCookie } from '../../../platform/auth/tokens.ts';
import { defineHandler } from '../../../platform/http/define-handler.ts';
import { reply } from '../../../platform/http/types.ts';
import { login } from '../auth.service.ts';

export const handler = defineHandler('auth.login', async ({ body, request }) => {
  const outcome = await login(body.email, body.password, request);
  return reply(outcome.response, { cookies: outcome.refreshToken ? [refreshCookie(outcome.refreshToken)] : [] });
});
