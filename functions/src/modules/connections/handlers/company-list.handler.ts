import { defineHandler } from '../../../platform/http/define-handler.ts';
import { companyConnections } from '../connections-overview.service.ts';

export const handler = defineHandler('connections.company-list', ({ auth, params }) =>
  companyConnections(auth, params.companyId),
);
