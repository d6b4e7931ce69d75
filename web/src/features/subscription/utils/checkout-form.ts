/**
 * The checkout wizard's rules (spec document 2 "Subscription checkout dialog", sections 4, 5 and 9), kept out of the
 * components: its steps, the Dados step's two enforced fields, the custom plan's limits and price, and the payload.
 */
import {
  CHECKOUT_FIRST_NAME_REQUIRED,
  CHECKOUT_ZIPCODE_REQUIRED,
  CUSTOM_PLAN_MIN_CONNECTIONS,
  CUSTOM_PLAN_MIN_USERS,
  customPlanPrice,
  type Invoice,
  type SubscriptionBodyInput,
} from '@switchboard/shared/contracts/invoices';
import { formatMoney } from '../../../lib/format.ts';

export const CHECKOUT_STEPS = ['data', 'customize', 'review'] as const;
/** Section 4: the wizard opens on the plan choice (index 1); Dados is reached by going back. */
export const FIRST_CHECKOUT_STEP = 1;
/** Section 9: the copied Pix code's label shows for 1 s; the redirect after payment waits 4 s. */
export const COPIED_LABEL_MS = 1000;
export const PAID_REDIRECT_MS = 4000;

export interface CheckoutValues {
  firstName: string;
  lastName: string;
  address2: string;
  city: string;
  state: string;
  /** the document (CPF/CNPJ), named zipcode in the payload as the spec's client names it */
  zipcode: string;
  country: string;
  planKind: 'company' | 'custom';
  users: number;
  connections: number;
}

export type CheckoutErrors = Partial<Record<'firstName' | 'zipcode', string>>;

export const initialCheckout = (
  payerName: string,
  invoice: Pick<Invoice, 'users' | 'connections' | 'detail'>,
  customDetail: string,
): CheckoutValues => {
  const custom = invoice.detail === customDetail;
  return {
    firstName: payerName,
    lastName: '',
    address2: '',
    city: '',
    state: '',
    zipcode: '',
    country: 'Brasil',
    planKind: custom ? 'custom' : 'company',
    users: Math.max(invoice.users, CUSTOM_PLAN_MIN_USERS),
    connections: Math.max(invoice.connections, CUSTOM_PLAN_MIN_CONNECTIONS),
  };
};

/** Section 5: only the name and the document are enforced, with the spec's messages. */
export const validateCheckout = (v: Pick<CheckoutValues, 'firstName' | 'zipcode'>): CheckoutErrors => ({
  ...(v.firstName.trim() ? {} : { firstName: CHECKOUT_FIRST_NAME_REQUIRED }),
  ...(v.zipcode.trim() ? {} : { zipcode: CHECKOUT_ZIPCODE_REQUIRED }),
});

/** A custom plan never goes below 3 users or 3 connections (section 5). */
export const clampUsers = (n: number): number =>
  Math.max(CUSTOM_PLAN_MIN_USERS, Math.round(Number.isFinite(n) ? n : CUSTOM_PLAN_MIN_USERS));
export const clampConnections = (n: number): number =>
  Math.max(CUSTOM_PLAN_MIN_CONNECTIONS, Math.round(Number.isFinite(n) ? n : CUSTOM_PLAN_MIN_CONNECTIONS));

/** What the review shows; the server computes the same and charges its own figure. */
export const checkoutPrice = (v: CheckoutValues, companyPlanValue: string): number =>
  v.planKind === 'custom' ? customPlanPrice(v.users, v.connections) : Number(companyPlanValue) || 0;

export const checkoutBody = (
  v: CheckoutValues,
  invoice: Pick<Invoice, 'id'>,
  plan: { id: number; name: string; value: string },
  customTitle: string,
): SubscriptionBodyInput => ({
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim() || undefined,
  address2: v.address2.trim() || undefined,
  city: v.city.trim() || undefined,
  state: v.state.trim() || undefined,
  zipcode: v.zipcode.trim(),
  country: v.country.trim() || undefined,
  useAddressForPaymentDetails: false,
  plan: JSON.stringify(
    v.planKind === 'custom' ? { planId: 'custom', title: customTitle } : { planId: plan.id, title: plan.name },
  ),
  price: checkoutPrice(v, plan.value),
  users: v.users,
  connections: v.connections,
  invoiceId: invoice.id,
});

/** Reais with 2 decimals (section 9), written as the interface language writes amounts (pt: `R$ 91,00`). */
export const formatBrl = (value: number | string): string => formatMoney(value);
