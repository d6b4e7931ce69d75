import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createAdminCompany } from '../company-admin.service.ts';

export const handler = defineHandler('companies.create', ({ body }) => createAdminCompany(body));
