import { defineHandler } from '../../../platform/http/define-handler.ts';
import { forgotPassword } from '../auth.service.ts';

export const handler = defineHandler('auth.forgot-password', ({ params, request }) =>
  forgotPassword(params.email, request.sourceIp),
);
