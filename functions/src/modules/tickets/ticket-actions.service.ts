/**
 * Ticket transitions together with the messages they send: the farewell on closing (the closing agent's
 * farewellMessage, else the connection's completion message), the transfer note as a private message, and the
 * running ticket a forward lands in.
 */
import type { Ticket, UpdateTicketBody } from '@switchboard/shared/contracts/tickets';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { findConnection } from '../connections/connections.service.ts';
import { getContact, putContactWallet } from '../contacts/contacts.service.ts';
import { addPrivateNote, sendSystemText } from '../messages/messages.service.ts';
import { findQueue } from '../queues/queues.service.ts';
import { changeTicket, findTicket, presentTicket, recordTicketChange, type TicketRecord } from './tickets.service.ts';
import { continueTransferredConversation, ticketForInbound } from './ticket-routing.service.ts';
import { updateTicket } from './ticket-transitions.service.ts';

export const updateTicketAndNotify = async (auth: AuthContext, id: number, body: UpdateTicketBody): Promise<Ticket> => {
  const result = await updateTicket(auth, id, body);
  const { effects } = result;
  if (effects.farewell) {
    const connection = await findConnection(auth.companyId, result.record.whatsappId);
    const text = auth.user.farewellMessage.trim() || connection?.complationMessage.trim() || '';
    if (text) await sendSystemText(result.record, text, auth.user.name, auth.userId);
  }
  if (effects.rating) await sendSystemText(result.record, effects.rating, auth.user.name, null);
  if (
    result.record.status === 'open' &&
    result.record.userId &&
    result.record.queueId &&
    (body.status === 'open' || body.isTransfered)
  ) {
    // the contact's wallet: the agent and queue that took the conversation last (DirectTicketsToWallets)
    await putContactWallet(auth.companyId, result.record.contactId, {
      userId: result.record.userId,
      queueId: result.record.queueId,
      at: clock().now().toISOString(),
    });
  }
  let ticket = result.ticket;
  let record = result.record;
  if (effects.continueIn) {
    // closeTicketOnTransfer: the note and the transfer message go to the ticket the conversation continues in
    record = await continueTransferredConversation(result.record, effects.continueIn);
    ticket = presentTicket(auth, record, result.contact);
  }
  if (effects.transferNote) await addPrivateNote(record, effects.transferNote, auth.userId);
  if (effects.transferMessage) await sendSystemText(record, effects.transferMessage, auth.user.name, null);
  return ticket;
};

/** The ticket a forwarded message goes to: the contact's running one, or a new open one held by the caller. */
export const openTicketForForward = async (
  auth: AuthContext,
  contactId: number,
  connectionId: number,
  queueId: number | null,
): Promise<TicketRecord> => {
  const contact = await getContact(auth.companyId, contactId);
  const connection = await findConnection(auth.companyId, connectionId);
  if (!contact || !connection) throw new AppError('ERR_NO_CONTACT_FOUND');
  const { ticket } = await ticketForInbound(auth.companyId, connection, contact, clock().now().toISOString());
  if (ticket.status === 'open' || ticket.status === 'group') return ticket;
  const queue = ticket.queue ?? (queueId ? ((await findQueue(auth.companyId, queueId)) ?? null) : null);
  const changed = await changeTicket(auth.companyId, ticket.id, (t) => ({
    after: {
      ...t,
      status: t.isGroup ? 'group' : 'open',
      userId: auth.userId,
      user: { id: auth.userId, name: auth.user.name },
      queueId: queue?.id ?? null,
      queue,
      isBot: false,
    },
    logs: [
      {
        id: ids.ulid(),
        logType: 'open',
        user: { id: auth.userId, name: auth.user.name },
        queue,
        createdAt: clock().now().toISOString(),
      },
    ],
    conversation: 'activate',
  }));
  const after = changed?.after ?? (await findTicket(auth.companyId, ticket.id))!;
  await recordTicketChange(after, contact, { removed: true, before: changed?.before });
  return after;
};
