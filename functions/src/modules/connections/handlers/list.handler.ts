import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listConnections } from '../connections.service.ts';

export const handler = defineHandler('connections.list', ({ auth }) => listConnections(auth));
