import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteConnection } from '../connections.service.ts';

export const handler = defineHandler('connections.delete', ({ auth, params }) => deleteConnection(auth, params.id));
