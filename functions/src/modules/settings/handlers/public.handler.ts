import { defineHandler } from '../../../platform/http/define-handler.ts';
import { readPublicSetting } from '../settings.service.ts';

export const handler = defineHandler('settings.public', ({ params }) => readPublicSetting(params.key));
