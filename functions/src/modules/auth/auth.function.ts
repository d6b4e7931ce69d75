import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as forgotPassword } from './handlers/forgot-password.handler.ts';
import { handler as login } from './handlers/login.handler.ts';
import { handler as logout } from './handlers/logout.handler.ts';
import { handler as me } from './handlers/me.handler.ts';
import { handler as refreshToken } from './handlers/refresh-token.handler.ts';
import { handler as resetPassword } from './handlers/reset-password.handler.ts';
import { handler as signup } from './handlers/signup.handler.ts';
import { handler as wsTicket } from './handlers/ws-ticket.handler.ts';

export const handler = moduleHandler({
  'auth.login': login,
  'auth.refresh-token': refreshToken,
  'auth.logout': logout,
  'auth.me': me,
  'auth.signup': signup,
  'auth.forgot-password': forgotPassword,
  'auth.reset-password': resetPassword,
  'auth.ws-ticket': wsTicket,
});
