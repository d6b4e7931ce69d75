import { defineHandler } from '../../../platform/http/define-handler.ts';
import { reply } from '../../../platform/http/types.ts';
import { widgetConfig } from '../webchat.service.ts';

// widget.js reads the colour from the customer's site before it draws the launcher; the answer is public anyway
export const handler = defineHandler('webchat.config', async ({ params }) =>
  reply(await widgetConfig(params.token), { headers: { 'access-control-allow-origin': '*' } }),
);
