/**
 * Invoices and the subscription checkout (spec document 2: "Invoices", "Subscription checkout dialog", the Invoice
 * entity and the subscription payload of section 3, checkout validation of section 5, calls of section 7, the custom
 * plan constants of section 9; server reference 9.6).
 */
import { z } from 'zod';
import { cursorPageNumber } from './common.ts';

/** An invoice is `open` until its payment is confirmed, then `paid` (the spec's 'Pago'). */
export const invoiceStatuses = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const invoice = z.object({
  id: z.number().int(),
  /** the plan's name, or the custom plan's */
  detail: z.string(),
  users: z.number().int(),
  connections: z.number().int(),
  queues: z.number().int(),
  /** BRL with 2 decimals, as text ("49.00") */
  value: z.string(),
  /** the company due date this invoice pays (ISO date-time) */
  dueDate: z.string(),
  status: z.enum(invoiceStatuses),
  /** the Pix copy-and-paste code of the invoice's latest charge, when one was made */
  linkInvoice: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoice>;

/** Invoices per page of GET /invoices. */
export const INVOICE_PAGE_SIZE = 20;

export const invoiceListQuery = z.object({
  searchParam: z.string().trim().toLowerCase().max(100).optional(),
  pageNumber: cursorPageNumber,
  cursor: z.string().max(2048).optional(),
});
export const invoiceListResponse = z.object({
  invoices: z.array(invoice),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponse>;

// ----- the custom plan (spec document 2 sections 5 and 9) -----

/** the detail of a custom plan's invoices (stored data, as a plan's name is) */
export const CUSTOM_PLAN_DETAIL = 'Plano personalizado';
export const CUSTOM_PLAN_MIN_USERS = 3;
export const CUSTOM_PLAN_MIN_CONNECTIONS = 3;
export const CUSTOM_PLAN_BASE_PRICE = 49;
export const CUSTOM_PLAN_PRICE_PER_USER = 11;
export const CUSTOM_PLAN_PRICE_PER_CONNECTION = 20;

/** 49 for 3 users and 3 connections; each user above adds 11, each connection above adds 20. */
export const customPlanPrice = (users: number, connections: number): number =>
  CUSTOM_PLAN_BASE_PRICE +
  (Math.max(users, CUSTOM_PLAN_MIN_USERS) - CUSTOM_PLAN_MIN_USERS) * CUSTOM_PLAN_PRICE_PER_USER +
  (Math.max(connections, CUSTOM_PLAN_MIN_CONNECTIONS) - CUSTOM_PLAN_MIN_CONNECTIONS) * CUSTOM_PLAN_PRICE_PER_CONNECTION;

/** A price as the API carries it: BRL with 2 decimals, as text. */
export const moneyText = (value: number): string => value.toFixed(2);

// ----- checkout -----

export const CHECKOUT_FIRST_NAME_REQUIRED = 'Nombre completo obligatorio';
export const CHECKOUT_ZIPCODE_REQUIRED = 'El código postal es obligatorio';

/** The plan chosen in the checkout's Personalizar step, sent as JSON text (`plan`). */
export const checkoutPlan = z.object({
  /** the company's own plan, or 'custom' for a custom plan of `users` and `connections` */
  planId: z.union([z.number().int().positive(), z.literal('custom')]),
  title: z.string().max(200).optional(),
});
export type CheckoutPlan = z.infer<typeof checkoutPlan>;

const planText = z.string().transform((text, ctx): CheckoutPlan => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Invalid plan' });
    return z.NEVER;
  }
  const parsed = checkoutPlan.safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: 'Invalid plan' });
    return z.NEVER;
  }
  return parsed.data;
});

/**
 * POST /subscription (the subscription payload of section 3). Only the name and the document (labelled CPF/CNPJ,
 * sent as `zipcode`) are enforced, as in section 5; the price is the server's to compute, never the client's.
 */
export const subscriptionBody = z.object({
  firstName: z.string({ error: CHECKOUT_FIRST_NAME_REQUIRED }).trim().min(1, CHECKOUT_FIRST_NAME_REQUIRED).max(100, 'Too Long!'),
  lastName: z.string().trim().max(100).optional(),
  address2: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).optional(),
  zipcode: z.string({ error: CHECKOUT_ZIPCODE_REQUIRED }).trim().min(1, CHECKOUT_ZIPCODE_REQUIRED).max(30, 'Too Long!'),
  country: z.string().trim().max(100).optional(),
  useAddressForPaymentDetails: z.boolean().optional(),
  nameOnCard: z.string().max(100).optional(),
  cardNumber: z.string().max(30).optional(),
  cvv: z.string().max(4).optional(),
  plan: planText,
  price: z.number().nonnegative().optional(),
  users: z.number().int().min(CUSTOM_PLAN_MIN_USERS, `At least ${CUSTOM_PLAN_MIN_USERS}`).max(1000),
  connections: z.number().int().min(CUSTOM_PLAN_MIN_CONNECTIONS, `At least ${CUSTOM_PLAN_MIN_CONNECTIONS}`).max(1000),
  invoiceId: z.number().int().positive(),
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;
export type SubscriptionBodyInput = z.input<typeof subscriptionBody>;

/** The Pix charge to pay (section 3 "Pix response"): `qrcode.qrcode` is the copy-and-paste code. */
export const pixResponse = z.object({
  txid: z.string(),
  qrcode: z.object({ qrcode: z.string() }),
  valor: z.object({ original: z.string() }),
  invoice,
});
export type PixResponse = z.infer<typeof pixResponse>;

/** Live event `company-{id}-payment` (section 7): a payment was confirmed and the due date moved. */
export interface PaymentEvent {
  action: 'CONCLUIDA';
  company: { id: number; dueDate: string };
  invoiceId: number;
}

// ----- the Pix provider's webhook -----

/** The header carrying the HMAC-SHA256 (hex, `sha256=` prefix) of the webhook's exact bytes with PIX_WEBHOOK_SECRET. */
export const PIX_SIGNATURE_HEADER = 'x-pix-signature';
