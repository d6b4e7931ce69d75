/**
 * The stored side of queued sends, for the outbound consumer: reading a queued message, claiming it for one
 * attempt, and settling the claim with its outcome, which the agents who may see the ticket hear of at once.
 */
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { Message } from '@switchboard/shared/contracts/messages';
import { getContact } from '../contacts/contacts.service.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { findTicket, toTicket, type TicketRecord } from '../tickets/tickets.service.ts';
import { parseMessageId, type MessageRecord } from './message.entity.ts';
import { claimSend, getChannelId, getMessageRecord, settleSend, type SendOutcome } from './messages.repository.ts';
import { presentMessage, recordMessageChange } from './message-presentation.ts';

export type { MessageRecord, SendState } from './message.entity.ts';
export type { SendOutcome } from './messages.repository.ts';
export { outgoingContext, presentMessage } from './message-presentation.ts';

export interface QueuedSendRef {
  companyId: number;
  ticketId: number;
  ulid: string;
}

/** Where a queued message is stored, from its public id; nothing for an id that is not one of ours. */
export const queuedSendRef = (companyId: number, messageId: string): QueuedSendRef | undefined => {
  const ref = parseMessageId(messageId);
  return ref ? { companyId, ...ref } : undefined;
};

export const getQueuedMessage = (ref: QueuedSendRef): Promise<MessageRecord | undefined> =>
  getMessageRecord(ref.companyId, ref.ticketId, ref.ulid);

/** Claims a pending, undeleted send for one attempt made at `at`; nothing when another holds or settled it. */
export const claimQueuedSend = (ref: QueuedSendRef, at: string): Promise<MessageRecord | undefined> =>
  claimSend(ref.companyId, ref.ticketId, ref.ulid, at);

/** The ticket and contact a send goes to. */
export const recipientOf = async (m: MessageRecord, contactId: number): Promise<{ ticket?: TicketRecord; contact?: Contact }> => {
  const [ticket, contact] = await Promise.all([findTicket(m.companyId, m.ticketId), getContact(m.companyId, contactId)]);
  return { ticket, contact };
};

/**
 * Settles the claim made at `claimedAt`. A send put back to pending changes nothing the agents see; a settled one
 * (sent or failed) is pushed to them. Answers the message as stored, or nothing when the claim was gone.
 */
export const settleQueuedSend = async (
  m: MessageRecord,
  claimedAt: string,
  outcome: SendOutcome,
  to: { ticket?: TicketRecord; contact?: Contact },
): Promise<{ record: MessageRecord; message: Message } | undefined> => {
  const record = await settleSend(m, claimedAt, outcome);
  if (!record) return undefined;
  const message = await presentMessage(record);
  if (outcome.sendState !== 'pending' && to.ticket) await recordMessageChange(to.ticket, message, to.contact, 'update');
  return { record, message };
};

/**
 * A send put back to pending to be tried again (as settleQueuedSend answered it): nothing changes for the agents
 * (the message keeps waiting), but the deferral and its reason are recorded (a campaign's report shows them).
 */
export const recordSendDeferred = async (
  deferred: { record: MessageRecord; message: Message },
  to: { ticket?: TicketRecord; contact?: Contact },
  reason: string,
): Promise<void> => {
  if (!to.ticket) return;
  await domainEvents.emit({
    name: 'message.deferred',
    companyId: deferred.record.companyId,
    message: deferred.message,
    ticket: toTicket(to.ticket, to.contact),
    contact: to.contact ? { id: to.contact.id, name: to.contact.name, urlPicture: to.contact.urlPicture } : null,
    reason,
  });
};

/** A stored message by the channel's id on a connection: Baileys' getMessage and the quotes of outgoing sends. */
export const findByChannelMessageId = async (
  companyId: number,
  connectionId: number,
  channelMessageId: string,
): Promise<MessageRecord | undefined> => {
  const ref = await getChannelId(companyId, connectionId, channelMessageId);
  return ref ? getMessageRecord(companyId, ref.ticketId, ref.ulid) : undefined;
};

/** A stored message by our id (`<ticketId>-<ulid>`); nothing for an id that is not one of ours. */
export const findStoredMessage = async (companyId: number, messageId: string): Promise<MessageRecord | undefined> => {
  const ref = parseMessageId(messageId);
  return ref ? getMessageRecord(companyId, ref.ticketId, ref.ulid) : undefined;
};
