import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listAdminCompanies } from '../company-admin.service.ts';

export const handler = defineHandler('companies.list', ({ query }) => listAdminCompanies(query));
