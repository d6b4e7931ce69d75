/**
 * The ticket a message of the external messages API goes out in (server reference 12): the contact's conversation
 * on the token's connection (running, reopened or new, by the usual rules), opened for the given user, or moved to
 * the given queue while it waits.
 */
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { QueueSummary } from '@switchboard/shared/contracts/queues';
import { clock } from '../../platform/clock.ts';
import type { ConnectionRecord } from '../connections/connections.service.ts';
import { maskNumber } from '../contacts/contact-privacy.service.ts';
import type { TicketRecord } from './ticket.entity.ts';
import { ticketForInbound, ticketForScheduledMessage } from './ticket-routing.service.ts';
import { changeTicket, logOf, recordTicketChange } from './tickets.service.ts';

export const ticketForExternalMessage = async (
  companyId: number,
  connection: ConnectionRecord,
  contact: Contact,
  assign: { user?: { id: number; name: string }; queue?: QueueSummary },
): Promise<{ ticket: TicketRecord; created: boolean }> => {
  // with a user the ticket is opened for them, as an agent accepting it would (and as a scheduled message does)
  if (assign.user)
    return ticketForScheduledMessage(companyId, connection, contact, {
      userId: assign.user.id,
      queueId: assign.queue?.id ?? null,
    });
  const found = await ticketForInbound(companyId, connection, contact, clock().now().toISOString());
  const queue = assign.queue;
  if (!queue || found.ticket.queueId === queue.id) return { ticket: found.ticket, created: found.created };
  const changed = await changeTicket(
    companyId,
    found.ticket.id,
    (t) =>
      t.queueId === queue.id
        ? undefined
        : {
            after: { ...t, queueId: queue.id, queue, updatedAt: clock().now().toISOString() },
            logs: [logOf('queue', t.user, queue)],
          },
    found.ticket,
  );
  if (!changed) return { ticket: found.ticket, created: found.created };
  await recordTicketChange(changed.after, contact, { removed: true, before: changed.before, maskNumber });
  return { ticket: changed.after, created: found.created };
};
