import { defineHandler } from '../../../platform/http/define-handler.ts';
import { companyOptionsOf } from '../company-options.service.ts';

export const handler = defineHandler('settings.company', ({ auth, params }) => companyOptionsOf(auth, params.companyId));
