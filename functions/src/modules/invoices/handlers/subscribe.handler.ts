import { defineHandler } from '../../../platform/http/define-handler.ts';
import { subscribe } from '../subscription.service.ts';

export const handler = defineHandler('invoices.subscribe', ({ auth, body }) => subscribe(auth, body));
