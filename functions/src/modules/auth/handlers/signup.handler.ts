import { defineHandler } from '../../../platform/http/define-handler.ts';
import { signup } from '../auth.service.ts';

export const handler = defineHandler('auth.signup', ({ body, request }) => signup(body, request.sourceIp));
