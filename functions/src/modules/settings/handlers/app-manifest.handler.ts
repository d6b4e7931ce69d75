import { defineHandler } from '../../../platform/http/define-handler.ts';
import { readAppManifest } from '../whitelabel.service.ts';

export const handler = defineHandler('settings.app-manifest', () => readAppManifest());
