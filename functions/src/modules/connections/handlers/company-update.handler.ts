import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateCompanyConnection } from '../connections-overview.service.ts';

export const handler = defineHandler('connections.company-update', ({ auth, params, body }) =>
  updateCompanyConnection(auth, params.companyId, params.id, body),
);
