/**
 * Invoices of a company, its open invoice, its subscription choice and the Pix charges made for its invoices.
 * Access patterns:
 * - a company's invoices, newest first, one page at a time: Query pk C#<id>, sk begins_with INVOICE# (descending)
 * - get an invoice: pk C#<id>, sk INVOICE#<padded id>
 * - the company's one open invoice (at most one exists): pk C#<id>, sk INVOICE_OPEN -> { invoiceId, dueDate }
 * - the company's subscription choice (a custom plan's users and connections): pk C#<id>, sk SUBSCRIPTION
 * - a Pix charge by its txid (the provider's notice names only the txid): pk PIXTX#<txid>, sk PIXTX
 */
import type { InvoiceStatus } from '@switchboard/shared/contracts/invoices';
import { companyPk, padId } from '../../platform/table/keys.ts';

export const INVOICE_SK_PREFIX = 'INVOICE#';
export const invoiceKey = (companyId: number, id: number) => ({
  pk: companyPk(companyId),
  sk: `${INVOICE_SK_PREFIX}${padId(id)}`,
});
export const openInvoiceKey = (companyId: number) => ({ pk: companyPk(companyId), sk: 'INVOICE_OPEN' });
export const subscriptionKey = (companyId: number) => ({ pk: companyPk(companyId), sk: 'SUBSCRIPTION' });
export const pixChargeKey = (txid: string) => ({ pk: `PIXTX#${txid}`, sk: 'PIXTX' });
/** invoice ids are numbered per company */
export const invoiceCounter = (companyId: number) => ({ scope: companyPk(companyId), name: 'invoice' });

export interface InvoiceRecord {
  id: number;
  companyId: number;
  detail: string;
  users: number;
  connections: number;
  queues: number;
  value: string;
  dueDate: string;
  status: InvoiceStatus;
  /** the copy-and-paste code of the latest Pix charge */
  linkInvoice?: string;
  txid?: string;
  paidAt?: string;
  createdAt: string;
  updatedAt: string;
}

export type InvoiceItem = InvoiceRecord & {
  pk: string;
  sk: string;
  type: 'invoice';
  /** lower-cased text the search matches */ searchText: string;
};

export const searchTextOf = (r: Pick<InvoiceRecord, 'id' | 'detail' | 'value' | 'status' | 'dueDate'>): string =>
  [r.id, r.detail, r.value, r.status, r.dueDate.slice(0, 10)].join(' ').toLowerCase();

export interface OpenInvoiceItem {
  pk: string;
  sk: string;
  type: 'openInvoice';
  companyId: number;
  invoiceId: number;
  dueDate: string;
}

export interface SubscriptionChoice {
  /** a custom plan of this many users and connections; absent: the company's plan */
  custom?: { users: number; connections: number };
}
export type SubscriptionItem = SubscriptionChoice & { pk: string; sk: string; type: 'subscription'; companyId: number };

export interface PixChargeRecord {
  txid: string;
  companyId: number;
  invoiceId: number;
  amount: string;
  createdAt: string;
}
export type PixChargeItem = PixChargeRecord & { pk: string; sk: string; type: 'pixCharge' };
