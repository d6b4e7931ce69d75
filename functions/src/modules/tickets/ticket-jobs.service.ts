/**
 * Jobs of the tickets module, run by the jobs queue consumer.
 * - `tickets.contact-changed`: a contact changed; its tickets' copies of it follow.
 * - `tickets.purge`: a deleted ticket's messages, logs and notes are removed.
 * - `connections.close-imported` (named by the connections module, which also enqueues it when an import ends): the
 *   next page of a connection's imported tickets is closed.
 */
import { activeStatuses, type TicketStatus } from '@switchboard/shared/contracts/tickets';
import { CLOSE_JOB } from '../connections/connection-import.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { type TicketContact } from './ticket.entity.ts';
import { queryTicketIndex } from './ticket-lists.repository.ts';
import { getTicketRecord, purgeTicketPartition } from './tickets.repository.ts';
import { z } from 'zod';
import { registerJob } from '../jobs/jobs.service.ts';
import { closeNextImportedPage } from './close-imported.service.ts';
import { contactSnapshot, recordTicketChange, changeTicket } from './tickets.service.ts';

const isActive = (s: TicketStatus) => activeStatuses.includes(s);

const sameSnapshot = (a: TicketContact | undefined, b: TicketContact) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Copies a contact's current details onto its tickets (the lists read them there). Runs as a job after every
 * contact change; tickets already in step are left alone, so running it twice changes nothing.
 */
export const refreshContactOnTickets = async (companyId: number, contactId: number): Promise<number> => {
  const contact = await getContact(companyId, contactId);
  if (!contact) return 0;
  const snapshot = contactSnapshot(contact);
  let changed = 0;
  let startKey: Record<string, string> | undefined;
  do {
    const page = await queryTicketIndex('gsi4', `C#${companyId}#TC#${String(contactId).padStart(10, '0')}`, {
      limit: 100,
      forward: false,
      startKey,
    });
    for (const t of page.items) {
      if (sameSnapshot(t.contact, snapshot)) continue;
      const result = await changeTicket(
        companyId,
        t.id,
        (cur) => (sameSnapshot(cur.contact, snapshot) ? undefined : { after: { ...cur, contact: snapshot } }),
        t,
      );
      if (result) {
        changed++;
        if (isActive(result.after.status)) await recordTicketChange(result.after, contact);
      }
    }
    startKey = page.lastKey;
  } while (startKey);
  return changed;
};

/** Removes a deleted ticket's messages, logs and notes; nothing is left to remove the second time. */
export const purgeDeletedTicket = async (companyId: number, ticketId: number): Promise<number> => {
  if (await getTicketRecord(companyId, ticketId, true)) return 0;
  return purgeTicketPartition(companyId, ticketId);
};

export const registerTicketJobs = (): void => {
  registerJob(
    'tickets.contact-changed',
    z.object({ companyId: z.number().int().positive(), contactId: z.number().int().positive() }),
    async (job) => {
      await refreshContactOnTickets(job.companyId, job.contactId);
    },
  );
  registerJob(
    'tickets.purge',
    z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive() }),
    async (job) => {
      await purgeDeletedTicket(job.companyId, job.ticketId);
    },
  );
  registerJob(
    CLOSE_JOB,
    z.object({ companyId: z.number().int().positive(), connectionId: z.number().int().positive() }),
    async (job) => {
      await closeNextImportedPage(job.companyId, job.connectionId);
    },
  );
};
