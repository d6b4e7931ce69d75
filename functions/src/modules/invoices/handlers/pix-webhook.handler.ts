import { defineHandler } from '../../../platform/http/define-handler.ts';
import { receivePixNotice } from '../pix-notices.service.ts';

export const handler = defineHandler('invoices.pix-webhook', ({ request }) => receivePixNotice(request.rawBody, request.headers));
