/**
 * The Pix provider's payment notices (server reference 9.6). A notice is accepted only with a valid signature over
 * its exact bytes (HMAC-SHA256 with PIX_WEBHOOK_SECRET), and is then only a hint: the charge is read back from the
 * provider, and only a charge it reports CONCLUIDA for at least the invoice's value pays the invoice. Paying marks
 * the invoice paid and moves the company's due date 30 days on in one transaction conditioned on the invoice being
 * open, so the same notice twice (providers resend) moves it once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PIX_SIGNATURE_HEADER } from '@switchboard/shared/contracts/invoices';
import { z } from 'zod';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { logger } from '../../platform/logger.ts';
import { paymentProvider } from '../../platform/ports/ports.ts';
import { pixWebhookSecret } from '../../platform/ports/pix/pix-settings.ts';
import { dueDateMoveOnPayment } from '../tenancy/company-billing.service.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { armInvoiceCycle } from './invoice-cycle.service.ts';
import { getInvoice, getPixCharge, markInvoicePaid } from './invoices.repository.ts';

/** A payment moves the due date this many days on from the previous one (reference 9.6). */
export const PAID_DAYS = 30;
const DAY_MS = 86_400_000;

const notice = z.object({
  pix: z
    .array(
      z.object({
        txid: z.string().max(35).optional(),
        endToEndId: z.string().max(64),
        valor: z.string().max(20).optional(),
        horario: z.string().max(40).optional(),
      }),
    )
    .max(100),
});

export const validPixSignature = (raw: Uint8Array, header: string | undefined, secret: string | undefined): boolean => {
  if (!header || !secret) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/**
 * Pays the invoice of charge `txid` when the provider confirms it. True when this call paid it; false when there is
 * nothing to pay (unknown charge, not paid at the provider, already paid).
 */
export const confirmPixPayment = async (txid: string): Promise<boolean> => {
  const charge = await getPixCharge(txid);
  if (!charge) {
    logger.info('Pix notice for a charge not made here', { txid });
    return false;
  }
  const remote = await paymentProvider().getPixCharge(txid);
  if (!remote || remote.status !== 'CONCLUIDA') return false;
  if (Number(remote.amount) < Number(charge.amount)) {
    logger.warn('Pix charge paid for less than it asked', { txid, amount: remote.amount, asked: charge.amount });
    return false;
  }
  // a due date changed by hand at the same moment fails the transaction: read again and retry
  for (let attempt = 0; attempt < 3; attempt++) {
    const [invoice, company] = await Promise.all([getInvoice(charge.companyId, charge.invoiceId), findCompany(charge.companyId)]);
    if (!invoice || invoice.status !== 'open' || !company) return false;
    const dueDate = new Date(new Date(company.dueDate).getTime() + PAID_DAYS * DAY_MS).toISOString();
    if (await markInvoicePaid(invoice, clock().now().toISOString(), dueDateMoveOnPayment(company.id, company.dueDate, dueDate))) {
      await domainEvents.emit({ name: 'payment.confirmed', companyId: company.id, invoiceId: invoice.id, dueDate });
      await armInvoiceCycle(company.id, dueDate);
      return true;
    }
  }
  return false;
};

/** POST /webhooks/pix */
export const receivePixNotice = async (raw: Buffer, headers: Record<string, string | undefined>): Promise<{ ok: true }> => {
  if (!validPixSignature(raw, headers[PIX_SIGNATURE_HEADER], await pixWebhookSecret())) {
    throw new AppError('ERR_INVALID_SIGNATURE', `Missing or wrong ${PIX_SIGNATURE_HEADER}`);
  }
  let parsed: z.infer<typeof notice>;
  try {
    parsed = notice.parse(JSON.parse(raw.toString('utf8')));
  } catch {
    throw new AppError('ERR_VALIDATION', 'Not a Pix notice', { fields: [{ path: 'body', message: 'Not a Pix notice' }] });
  }
  for (const txid of new Set(parsed.pix.flatMap((p) => (p.txid ? [p.txid] : [])))) await confirmPixPayment(txid);
  return { ok: true };
};
