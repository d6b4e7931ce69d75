import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateWhitelabel } from '../whitelabel.service.ts';

export const handler = defineHandler('settings.whitelabel-update', ({ body }) => updateWhitelabel(body));
