import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteAdminCompany } from '../company-admin.service.ts';

export const handler = defineHandler('companies.delete', ({ params }) => deleteAdminCompany(params.id));
