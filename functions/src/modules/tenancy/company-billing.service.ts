/**
 * What billing (the invoices module) may change of a company (server reference 9.6): its due date when an invoice
 * is paid, as a step of the payment's own transaction so that one payment moves it once, and its status when it
 * stays unpaid.
 */
import { companyDueDateMove, deactivateUnpaidCompany } from './company-billing.repository.ts';

/** The due-date move from `from` to `to` (the company reactivated), to write in the same transaction as the paid invoice. */
export const dueDateMoveOnPayment = (companyId: number, from: string, to: string) => companyDueDateMove(companyId, from, to);

/** Deactivates a company whose due date is still `dueDate`; false when a payment moved it meanwhile. */
export const deactivateUnpaid = (companyId: number, dueDate: string): Promise<boolean> =>
  deactivateUnpaidCompany(companyId, dueDate);
