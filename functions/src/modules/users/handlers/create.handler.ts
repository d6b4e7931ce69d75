import { defineHandler } from '../../../platform/http/define-handler.ts';
import { addUser } from '../users.service.ts';

export const handler = defineHandler('users.create', ({ auth, body }) => addUser(auth, body));
