/** The invoices list (spec document 2 "Invoices"; section 7 GET /invoices): the caller's company's, newest first. */
import { INVOICE_PAGE_SIZE, type Invoice, type InvoiceListResponse } from '@switchboard/shared/contracts/invoices';
import { decodeCursor, encodeCursor } from '../../platform/table/cursor.ts';
import type { InvoiceRecord } from './invoice.entity.ts';
import { queryInvoices } from './invoices.repository.ts';

export const toInvoice = (r: InvoiceRecord): Invoice => ({
  id: r.id,
  detail: r.detail,
  users: r.users,
  connections: r.connections,
  queues: r.queues,
  value: r.value,
  dueDate: r.dueDate,
  status: r.status,
  linkInvoice: r.linkInvoice ?? null,
  paidAt: r.paidAt ?? null,
  createdAt: r.createdAt,
});

const isInvoiceCursor = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { sk?: unknown }).sk === 'string' &&
  typeof (value as { pk?: unknown }).pk === 'string';

export const listInvoices = async (
  companyId: number,
  query: { searchParam?: string; cursor?: string },
): Promise<InvoiceListResponse> => {
  const search = query.searchParam || undefined;
  const scope = { list: 'invoices.list', companyId, filters: { search } };
  const start = await decodeCursor(query.cursor, scope, isInvoiceCursor);
  const page = await queryInvoices(companyId, { limit: INVOICE_PAGE_SIZE, search, start });
  return {
    invoices: page.invoices.map(toInvoice),
    hasMore: page.next !== undefined,
    nextCursor: page.next ? await encodeCursor(page.next, scope) : null,
  };
};
