import { config } from '../../../platform/config.ts';
import { defineHandler } from '../../../platform/http/define-handler.ts';

export const handler = defineHandler('system.version', async () => ({ version: config().APP_VERSION }));
