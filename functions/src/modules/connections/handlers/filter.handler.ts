import { defineHandler } from '../../../platform/http/define-handler.ts';
import { filterConnections } from '../connections.service.ts';

export const handler = defineHandler('connections.filter', ({ auth, query }) => filterConnections(auth, query.channel));
