import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateUser } from '../users.service.ts';

export const handler = defineHandler('users.update', ({ auth, params, body }) => updateUser(auth, params.id, body));
