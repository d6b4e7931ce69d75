import { defineHandler } from '../../../platform/http/define-handler.ts';
import { connectionsOverview } from '../connections-overview.service.ts';

export const handler = defineHandler('connections.all', ({ query }) => connectionsOverview(query.limit, query.cursor));
