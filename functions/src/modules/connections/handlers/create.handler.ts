import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createConnection } from '../connections.service.ts';

export const handler = defineHandler('connections.create', ({ auth, body }) => createConnection(auth, body));
