/**
 * Ticket transitions together with the messages they imply: the farewell on closing (the closing agent's
 * farewellMessage, else the connection's completion message), the transfer note as a private message, and the
 * running ticket a forward lands in. The messages are recorded as a `ticket.transitioned` event, which the messages
 * module sends (listeners/ticket-texts.listener.ts) before the change answers.
 */
import type { Ticket, UpdateTicketBody } from '@switchboard/shared/contracts/tickets';
import type { TicketTransition } from '@switchboard/shared/events';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { findConnection } from '../connections/connections.service.ts';
import { putContactWallet } from '../contacts/contact-wallets.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { findQueue } from '../queues/queues.service.ts';
import { changeTicket, findTicket, presentTicket, recordTicketChange, type TicketRecord } from './tickets.service.ts';
import { continueTransferredConversation, ticketForInbound } from './ticket-routing.service.ts';
import { updateTicket } from './ticket-transitions.service.ts';

export const updateTicketAndNotify = async (auth: AuthContext, id: number, body: UpdateTicketBody): Promise<Ticket> => {
  const result = await updateTicket(auth, id, body);
  const { effects } = result;
  const sends: TicketTransition['sends'] = [];
  if (effects.farewell) {
    const connection = await findConnection(auth.companyId, result.record.whatsappId);
    const text = auth.user.farewellMessage.trim() || connection?.complationMessage.trim() || '';
    if (text) sends.push({ kind: 'text', ticketId: result.record.id, text, userName: auth.user.name, userId: auth.userId });
  }
  if (effects.rating)
    sends.push({ kind: 'text', ticketId: result.record.id, text: effects.rating, userName: auth.user.name, userId: null });
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
  if (effects.transferNote) sends.push({ kind: 'note', ticketId: record.id, text: effects.transferNote, userId: auth.userId });
  if (effects.transferMessage)
    sends.push({ kind: 'text', ticketId: record.id, text: effects.transferMessage, userName: auth.user.name, userId: null });
  // a closing farewell and a transfer never come together: the messages go in the order the change implied them
  if (sends.length) await domainEvents.emit({ name: 'ticket.transitioned', companyId: auth.companyId, sends });
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
