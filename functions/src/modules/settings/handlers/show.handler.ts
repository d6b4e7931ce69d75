import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showCompanyOption } from '../company-options.service.ts';

export const handler = defineHandler('settings.show', async ({ auth, params }) => showCompanyOption(auth, params.key));
