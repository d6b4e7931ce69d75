import { clearRefreshCookie, REFRESH_COOKIE, refreshCookie } from '../../../platform/auth/tokens.ts';
import { AppError } from '../../../platform/errors.ts';
import { defineHandler } from '../../../platform/http/define-handler.ts';
import { reply } from '../../../platform/http/types.ts';
import { refresh } from '../auth.service.ts';

export const handler = defineHandler('auth.refresh-token', async ({ request }) => {
  try {
    const outcome = await refresh(request.cookies[REFRESH_COOKIE]);
    return reply(outcome.response, { cookies: outcome.refreshToken ? [refreshCookie(outcome.refreshToken)] : [] });
  } catch (error) {
    // a refused refresh also clears the cookie, so the browser stops presenting a dead token
    if (error instanceof AppError && error.code === 'ERR_SESSION_EXPIRED') {
      throw new AppError('ERR_SESSION_EXPIRED', undefined, { cookies: [clearRefreshCookie()] });
    }
    throw error;
  }
});
