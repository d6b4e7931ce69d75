/** All table access of invoices, the open-invoice pointer, the subscription choice and Pix charges (invoice.entity.ts). */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { conditionHeld } from '../../platform/table/guarded-writes.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import {
  INVOICE_SK_PREFIX,
  invoiceCounter,
  invoiceKey,
  openInvoiceKey,
  pixChargeKey,
  searchTextOf,
  subscriptionKey,
  type InvoiceItem,
  type InvoiceRecord,
  type OpenInvoiceItem,
  type PixChargeItem,
  type PixChargeRecord,
  type SubscriptionChoice,
  type SubscriptionItem,
} from './invoice.entity.ts';
import { queryUpTo } from '../../platform/table/paging.ts';
import { strip, stripWith } from '../../platform/table/strip.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const stripInvoice = stripWith('searchText');

/** Runs a transaction; false when one of its conditions failed. */
const transact = async (items: TransactItem[]): Promise<boolean> => {
  return conditionHeld(() => table().send(new TransactWriteCommand({ TransactItems: items })));
};

export const nextInvoiceId = (companyId: number): Promise<number> => {
  const { scope, name } = invoiceCounter(companyId);
  return nextId(scope, name);
};

export const getInvoice = async (companyId: number, id: number): Promise<InvoiceRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: invoiceKey(companyId, id), ConsistentRead: true }),
  );
  const item = out.Item as InvoiceItem | undefined;
  return item && item.companyId === companyId ? stripInvoice(item) : undefined;
};

/** Reads of a filtered page stop after this many Queries, so a search that matches little costs a bounded amount. */
const MAX_QUERIES_PER_PAGE = 5;

/** Invoices newest first, `limit` of them after `start`, those whose text contains `search` when given. */
export const queryInvoices = async (
  companyId: number,
  options: { limit: number; search?: string; start?: Record<string, unknown> },
): Promise<{ invoices: InvoiceRecord[]; next?: Record<string, unknown> }> => {
  const page = await queryUpTo<InvoiceItem>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ...(options.search ? { FilterExpression: 'contains(searchText, :q)' } : {}),
      ExpressionAttributeValues: {
        ':pk': invoiceKey(companyId, 0).pk,
        ':prefix': INVOICE_SK_PREFIX,
        ...(options.search ? { ':q': options.search } : {}),
      },
      ScanIndexForward: false,
    },
    { start: options.start, limit: options.limit, maxQueries: MAX_QUERIES_PER_PAGE },
  );
  return { invoices: page.items.map(stripInvoice), next: page.next };
};

export const getOpenInvoice = async (companyId: number): Promise<OpenInvoiceItem | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: openInvoiceKey(companyId), ConsistentRead: true }),
  );
  return out.Item as OpenInvoiceItem | undefined;
};

/** Writes a new open invoice; false when the company already has one (the pointer exists). */
export const insertOpenInvoice = (record: InvoiceRecord): Promise<boolean> => {
  const item: InvoiceItem = {
    ...invoiceKey(record.companyId, record.id),
    type: 'invoice',
    searchText: searchTextOf(record),
    ...record,
  };
  const pointer: OpenInvoiceItem = {
    ...openInvoiceKey(record.companyId),
    type: 'openInvoice',
    companyId: record.companyId,
    invoiceId: record.id,
    dueDate: record.dueDate,
  };
  return transact([
    { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: tableName(), Item: pointer, ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
};

/** Moves the open invoice to another due date (the company's changed); false when it is no longer open. */
export const moveOpenInvoice = (companyId: number, invoice: InvoiceRecord, dueDate: string, at: string): Promise<boolean> =>
  transact([
    {
      Update: {
        TableName: tableName(),
        Key: invoiceKey(companyId, invoice.id),
        UpdateExpression: 'SET dueDate = :due, searchText = :text, updatedAt = :at',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':due': dueDate,
          ':text': searchTextOf({ ...invoice, dueDate }),
          ':at': at,
          ':open': 'open',
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: openInvoiceKey(companyId),
        UpdateExpression: 'SET dueDate = :due',
        ConditionExpression: 'invoiceId = :id',
        ExpressionAttributeValues: { ':due': dueDate, ':id': invoice.id },
      },
    },
  ]);

/**
 * Records a Pix charge made for an open invoice: the invoice takes the charge's terms (a custom plan changes its
 * value) and code, and the charge is findable by its txid. False when the invoice is no longer open.
 */
export const recordCharge = (
  invoice: InvoiceRecord,
  terms: Pick<InvoiceRecord, 'detail' | 'users' | 'connections' | 'value'>,
  charge: { txid: string; copyPaste: string },
  at: string,
): Promise<boolean> => {
  const next = { ...invoice, ...terms };
  const chargeItem: PixChargeItem = {
    ...pixChargeKey(charge.txid),
    type: 'pixCharge',
    txid: charge.txid,
    companyId: invoice.companyId,
    invoiceId: invoice.id,
    amount: terms.value,
    createdAt: at,
  };
  return transact([
    {
      Update: {
        TableName: tableName(),
        Key: invoiceKey(invoice.companyId, invoice.id),
        UpdateExpression:
          'SET detail = :detail, #users = :users, connections = :connections, #value = :value, txid = :txid, linkInvoice = :link, searchText = :text, updatedAt = :at',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status', '#users': 'users', '#value': 'value' },
        ExpressionAttributeValues: {
          ':detail': terms.detail,
          ':users': terms.users,
          ':connections': terms.connections,
          ':value': terms.value,
          ':txid': charge.txid,
          ':link': charge.copyPaste,
          ':text': searchTextOf(next),
          ':at': at,
          ':open': 'open',
        },
      },
    },
    { Put: { TableName: tableName(), Item: chargeItem, ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
};

export const getPixCharge = async (txid: string): Promise<PixChargeRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: pixChargeKey(txid), ConsistentRead: true }));
  if (!out.Item) return undefined;
  return strip(out.Item as PixChargeItem);
};

/**
 * Marks an open invoice paid, closes the company's open-invoice pointer and applies `companyChange` (the due date
 * move), all or nothing. False when the invoice was already paid (the same notice again) or the company's due date
 * moved meanwhile: nothing changes then.
 */
export const markInvoicePaid = (invoice: InvoiceRecord, paidAt: string, companyChange: TransactItem): Promise<boolean> =>
  transact([
    {
      Update: {
        TableName: tableName(),
        Key: invoiceKey(invoice.companyId, invoice.id),
        UpdateExpression: 'SET #status = :paid, paidAt = :at, updatedAt = :at, searchText = :text',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':paid': 'paid',
          ':open': 'open',
          ':at': paidAt,
          ':text': searchTextOf({ ...invoice, status: 'paid' }),
        },
      },
    },
    {
      Delete: {
        TableName: tableName(),
        Key: openInvoiceKey(invoice.companyId),
        ConditionExpression: 'invoiceId = :id',
        ExpressionAttributeValues: { ':id': invoice.id },
      },
    },
    companyChange,
  ]);

export const getSubscriptionChoice = async (companyId: number): Promise<SubscriptionChoice> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: subscriptionKey(companyId) }));
  const item = out.Item as SubscriptionItem | undefined;
  return item?.custom ? { custom: item.custom } : {};
};

export const putSubscriptionChoice = async (companyId: number, choice: SubscriptionChoice): Promise<void> => {
  if (!choice.custom) {
    await table().send(new DeleteCommand({ TableName: tableName(), Key: subscriptionKey(companyId) }));
    return;
  }
  const item: SubscriptionItem = { ...subscriptionKey(companyId), type: 'subscription', companyId, custom: choice.custom };
  await table().send(new PutCommand({ TableName: tableName(), Item: item }));
};
