import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showAdminCompany } from '../company-admin.service.ts';

export const handler = defineHandler('companies.show', ({ params }) => showAdminCompany(params.id));
