import { defineHandler } from '../../../platform/http/define-handler.ts';
import { pickUsers } from '../users.service.ts';

export const handler = defineHandler('users.picker', ({ auth }) => pickUsers(auth));
