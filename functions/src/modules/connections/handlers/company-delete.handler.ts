import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteCompanyConnection } from '../connections-overview.service.ts';

export const handler = defineHandler('connections.company-delete', ({ auth, params }) =>
  deleteCompanyConnection(auth, params.companyId, params.id),
);
