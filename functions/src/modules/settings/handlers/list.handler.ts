import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listCompanyOptions } from '../company-options.service.ts';

export const handler = defineHandler('settings.list', async ({ auth }) => listCompanyOptions(auth));
