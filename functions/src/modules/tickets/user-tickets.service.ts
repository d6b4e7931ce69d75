/**
 * What happens to a user's tickets when the user leaves the company (the users page deletes them): their open
 * tickets go back to their queues as pending, with no user, so the queue's agents can accept them.
 */
import { clock, ids } from '../../platform/clock.ts';
import { changeTicket, recordTicketChange } from './tickets.service.ts';
import { queryTicketIndex } from './ticket-lists.repository.ts';
import { maskNumber } from '../contacts/contact-privacy.service.ts';
import { getContact } from '../contacts/contacts.service.ts';

/** Answers how many tickets went back to their queues. */
export const returnUserTicketsToQueues = async (
  companyId: number,
  userId: number,
  settings: Record<string, string> | undefined,
): Promise<number> => {
  let returned = 0;
  let startKey: Record<string, string> | undefined;
  do {
    // each ticket moved leaves this partition, so the next page starts where this one ended
    const page = await queryTicketIndex('gsi3', `C#${companyId}#TU#${userId}#open`, { limit: 50, forward: true, startKey });
    for (const found of page.items) {
      const changed = await changeTicket(
        companyId,
        found.id,
        (t) => {
          if (t.status !== 'open' || t.userId !== userId) return undefined;
          const at = clock().now().toISOString();
          return {
            after: { ...t, status: 'pending', userId: null, user: null, updatedAt: at },
            logs: [{ id: ids.ulid(), logType: 'pending', user: t.user, queue: t.queue, createdAt: at }],
            conversation: 'keep',
          };
        },
        found,
      );
      if (!changed) continue;
      returned++;
      // with the contact, so the event masks its number for users when the privacy settings say so
      const contact = await getContact(companyId, changed.after.contactId);
      await recordTicketChange(changed.after, contact, { removed: true, before: changed.before, settings, maskNumber });
    }
    startKey = page.lastKey;
  } while (startKey);
  return returned;
};
