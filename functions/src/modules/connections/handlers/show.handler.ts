import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showConnection } from '../connections.service.ts';

export const handler = defineHandler('connections.show', ({ auth, params }) => showConnection(auth, params.id));
