import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteUser } from '../user-removal.service.ts';

export const handler = defineHandler('users.delete', ({ auth, params }) => deleteUser(auth, params.id));
