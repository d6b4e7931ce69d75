import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showUser } from '../users.service.ts';

export const handler = defineHandler('users.show', ({ auth, params }) => showUser(auth, params.id));
