import { defineHandler } from '../../../platform/http/define-handler.ts';
import { widgetConfig } from '../webchat.service.ts';

export const handler = defineHandler('webchat.config', ({ params }) => widgetConfig(params.token));
