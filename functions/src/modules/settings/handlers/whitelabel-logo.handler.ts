import { defineHandler } from '../../../platform/http/define-handler.ts';
import { startLogoUpload } from '../whitelabel.service.ts';

export const handler = defineHandler('settings.whitelabel-logo', ({ body }) => startLogoUpload(body));
