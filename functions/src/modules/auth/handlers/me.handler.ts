import { defineHandler } from '../../../platform/http/define-handler.ts';
import { me } from '../auth.service.ts';

export const handler = defineHandler('auth.me', async ({ auth }) => me(auth));
