import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listUsers } from '../users.service.ts';

export const handler = defineHandler('users.list', ({ auth, query }) => listUsers(auth, query));
