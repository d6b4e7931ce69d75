/**
 * Each company's billing cycle (server reference 9.6) on one schedule per company, never a sweep of all companies:
 * the schedule fires INVOICE_LEAD_DAYS before the due date and makes sure the company has one open invoice for it
 * (from its plan's value, or its custom plan's price); it fires again BLOCK_AFTER_DAYS after the due date and, if
 * the due date has not moved (no payment), deactivates the company. A payment arms the next cycle. Each run re-reads
 * the company, so a due date changed in between is followed: the run re-arms itself for the right moment.
 */
import { CUSTOM_PLAN_DETAIL, customPlanPrice, moneyText } from '@switchboard/shared/contracts/invoices';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import type { Company } from '@switchboard/shared/contracts/auth';
import { clock } from '../../platform/clock.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { logger } from '../../platform/logger.ts';
import { deactivateUnpaid } from '../tenancy/company-billing.service.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { enqueueJob, scheduleJob } from '../jobs/jobs.service.ts';
import { findPlan } from '../plans/plans.service.ts';
import type { InvoiceRecord } from './invoice.entity.ts';
import {
  getInvoice,
  getOpenInvoice,
  getSubscriptionChoice,
  insertOpenInvoice,
  moveOpenInvoice,
  nextInvoiceId,
} from './invoices.repository.ts';

export const INVOICE_CYCLE_JOB = 'invoices.cycle';
/** the invoice of a cycle exists from this many days before its due date: as soon as the expiry warning shows */
export const INVOICE_LEAD_DAYS = 5;
/** a company still unpaid this many days after its due date is deactivated (reference 9.6) */
export const BLOCK_AFTER_DAYS = 3;

const DAY_MS = 86_400_000;

const scheduleName = (companyId: number) => `invoice-cycle-${companyId}`;

/** Runs the company's cycle at `at`: now when that moment has passed, otherwise through the Scheduler. */
const runAt = async (companyId: number, at: Date): Promise<void> => {
  const job = { type: INVOICE_CYCLE_JOB, companyId };
  if (at.getTime() <= clock().now().getTime()) await enqueueJob(job);
  else await scheduleJob(scheduleName(companyId), at, job);
};

/** Arms the cycle of a company whose due date is `dueDate` (a new company, a payment, a due date changed by hand). */
export const armInvoiceCycle = async (companyId: number, dueDate: string): Promise<void> => {
  if (companyId === PLATFORM_COMPANY_ID) return;
  await runAt(companyId, new Date(new Date(dueDate).getTime() - INVOICE_LEAD_DAYS * DAY_MS));
};

/** What an invoice of this company charges: its custom plan's price when it chose one, its plan's value otherwise. */
export const invoiceTerms = async (
  company: Pick<Company, 'id' | 'planId'>,
): Promise<Pick<InvoiceRecord, 'detail' | 'users' | 'connections' | 'queues' | 'value'>> => {
  const [plan, choice] = await Promise.all([findPlan(company.planId), getSubscriptionChoice(company.id)]);
  if (choice.custom) {
    const { users, connections } = choice.custom;
    return {
      detail: CUSTOM_PLAN_DETAIL,
      users,
      connections,
      queues: plan.queues,
      value: moneyText(customPlanPrice(users, connections)),
    };
  }
  // a plan amount that is not a number charges 0.00, as the reference's does
  const amount = Number(plan.amount);
  return {
    detail: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    value: moneyText(Number.isFinite(amount) ? amount : 0),
  };
};

/** The company's one open invoice for its current due date: created, or moved to that date when it had another. */
export const ensureOpenInvoice = async (
  company: Pick<Company, 'id' | 'planId' | 'dueDate'>,
): Promise<InvoiceRecord | undefined> => {
  const now = clock().now().toISOString();
  const open = await getOpenInvoice(company.id);
  if (open) {
    const invoice = await getInvoice(company.id, open.invoiceId);
    if (invoice && invoice.status === 'open' && invoice.dueDate !== company.dueDate) {
      await moveOpenInvoice(company.id, invoice, company.dueDate, now);
      return { ...invoice, dueDate: company.dueDate };
    }
    return invoice;
  }
  const terms = await invoiceTerms(company);
  const record: InvoiceRecord = {
    id: await nextInvoiceId(company.id),
    companyId: company.id,
    ...terms,
    dueDate: company.dueDate,
    status: 'open',
    createdAt: now,
    updatedAt: now,
  };
  // another run made it first: theirs is the open invoice
  return (await insertOpenInvoice(record)) ? record : undefined;
};

/** The cycle job: see the top of this file. */
export const runInvoiceCycle = async (companyId: number): Promise<void> => {
  if (companyId === PLATFORM_COMPANY_ID) return;
  const company = await findCompany(companyId);
  if (!company) return;
  const now = clock().now().getTime();
  const due = new Date(company.dueDate).getTime();
  const invoiceFrom = due - INVOICE_LEAD_DAYS * DAY_MS;
  if (now < invoiceFrom) {
    await runAt(companyId, new Date(invoiceFrom));
    return;
  }
  await ensureOpenInvoice(company);
  const blockAt = due + BLOCK_AFTER_DAYS * DAY_MS;
  if (now < blockAt) {
    await runAt(companyId, new Date(blockAt));
    return;
  }
  if (company.status && (await deactivateUnpaid(companyId, company.dueDate))) {
    logger.info('company deactivated: its invoice is unpaid past the grace days', { companyId, dueDate: company.dueDate });
    await domainEvents.emit({ name: 'company.statusChanged', companyId, active: false, reason: 'unpaid' });
  }
};
