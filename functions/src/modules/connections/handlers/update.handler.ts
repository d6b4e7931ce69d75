import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateConnection } from '../connections.service.ts';

export const handler = defineHandler('connections.update', ({ auth, params, body }) => updateConnection(auth, params.id, body));
