import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateAdminCompany } from '../company-admin.service.ts';

export const handler = defineHandler('companies.update', ({ params, body }) => updateAdminCompany(params.id, body));
