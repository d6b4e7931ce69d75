/**
 * The subscription checkout (spec document 2 "Subscription checkout dialog", section 7 POST /subscription): the
 * chosen plan (the company's own, or a custom plan of users and connections, priced by the server) becomes the
 * open invoice's terms, and a Pix charge for it is made at the provider. The answer carries the Pix code to pay.
 */
import {
  CUSTOM_PLAN_DETAIL,
  customPlanPrice,
  moneyText,
  type PixResponse,
  type SubscriptionBody,
} from '@switchboard/shared/contracts/invoices';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { logger } from '../../platform/logger.ts';
import { PaymentProviderError } from '../../platform/ports/payment-provider.ts';
import { paymentProvider } from '../../platform/ports/ports.ts';
import type { SubscriptionChoice } from './invoice.entity.ts';
import { getInvoice, putSubscriptionChoice, recordCharge } from './invoices.repository.ts';
import { toInvoice } from './invoices.service.ts';

/** A charge can be paid for a day. */
const CHARGE_EXPIRES_SECONDS = 86_400;

/** The Pix API's txid: 26 to 35 letters and digits; a ULID is 26 of them. */
const newTxid = () => `SB${ids.ulid()}`;

export const subscribe = async (auth: AuthContext, body: SubscriptionBody): Promise<PixResponse> => {
  const invoice = await getInvoice(auth.companyId, body.invoiceId);
  if (!invoice) throw new AppError('ERR_NO_INVOICE_FOUND');
  if (invoice.status !== 'open') throw new AppError('ERR_INVOICE_ALREADY_PAID');
  const plan = await auth.plan();
  let choice: SubscriptionChoice;
  let terms: { detail: string; users: number; connections: number; value: string };
  if (body.plan.planId === 'custom') {
    choice = { custom: { users: body.users, connections: body.connections } };
    terms = {
      detail: CUSTOM_PLAN_DETAIL,
      users: body.users,
      connections: body.connections,
      value: moneyText(customPlanPrice(body.users, body.connections)),
    };
  } else {
    if (body.plan.planId !== plan.id)
      throw new AppError('ERR_VALIDATION', 'Not the company plan', {
        fields: [{ path: 'body.plan', message: 'Not the company plan' }],
      });
    choice = {};
    const amount = Number(plan.amount);
    terms = {
      detail: plan.name,
      users: plan.users,
      connections: plan.connections,
      value: moneyText(Number.isFinite(amount) ? amount : 0),
    };
  }
  const txid = newTxid();
  let charge;
  try {
    charge = await paymentProvider().createPixCharge({
      txid,
      amount: terms.value,
      payer: { name: [body.firstName, body.lastName].filter(Boolean).join(' '), document: body.zipcode },
      description: `${terms.detail} - ${auth.company.name}`,
      expiresInSeconds: CHARGE_EXPIRES_SECONDS,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger.warn('Pix charge refused', { companyId: auth.companyId, invoiceId: invoice.id, error });
    throw new AppError('ERR_PAYMENT_PROVIDER_FAILED');
  }
  const at = clock().now().toISOString();
  // paid in the meantime by an earlier charge: this one is never shown
  if (!(await recordCharge(invoice, terms, { txid: charge.txid, copyPaste: charge.copyPaste }, at)))
    throw new AppError('ERR_INVOICE_ALREADY_PAID');
  await putSubscriptionChoice(auth.companyId, choice);
  return {
    txid: charge.txid,
    qrcode: { qrcode: charge.copyPaste },
    valor: { original: charge.amount },
    invoice: toInvoice({ ...invoice, ...terms, txid: charge.txid, linkInvoice: charge.copyPaste, updatedAt: at }),
  };
};
