import { defineHandler } from '../../../platform/http/define-handler.ts';
import { readWhitelabel } from '../whitelabel.service.ts';

export const handler = defineHandler('settings.whitelabel', () => readWhitelabel());
