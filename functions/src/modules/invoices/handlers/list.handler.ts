import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listInvoices } from '../invoices.service.ts';

export const handler = defineHandler('invoices.list', ({ auth, query }) => listInvoices(auth.companyId, query));
