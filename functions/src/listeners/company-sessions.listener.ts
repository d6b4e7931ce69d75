/**
 * A company's WhatsApp sessions follow its status (server reference 9.6): deactivated (unpaid past the grace days,
 * or by the super user) they are held down without logging the numbers out; paid, or activated again, they start
 * with their pairing, no new QR code. Registered where companies change status: the jobs (the invoice cycle), the
 * invoices (payment notices) and the companies (the super user's edit) Lambda entries.
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { resumeCompanySessions, suspendCompanySessions } from '../modules/connections/whatsapp-sessions.service.ts';

const reasons = { unpaid: 'company inactive: invoice unpaid', admin: 'company deactivated by the platform' } as const;

export const registerCompanySessionsListener = (): void => {
  domainEvents.on('company.statusChanged', 'company-sessions', async (e) => {
    if (e.active) await resumeCompanySessions(e.companyId);
    else await suspendCompanySessions(e.companyId, reasons[e.reason]);
  });
  domainEvents.on('payment.confirmed', 'company-sessions', async (e) => {
    await resumeCompanySessions(e.companyId);
  });
};
