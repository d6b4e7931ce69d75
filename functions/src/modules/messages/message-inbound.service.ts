/**
 * The customer's side as the inbound consumer stores it: a channel's message written once by its channel id (a
 * redelivery changes nothing), and whether a channel message is known.
 */
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { MediaType, Message } from '@switchboard/shared/contracts/messages';
import { clock, ids } from '../../platform/clock.ts';
import { type TicketRecord } from '../tickets/tickets.service.ts';
import { indexMessageText } from '../message-search/message-search.service.ts';
import { loadQuoted, recordMessageChange, toMessage } from './message-presentation.ts';
import { messageIdOf, newMessageIds, type MessageRecord } from './message.entity.ts';
import { DuplicateMessage, getChannelId, getMessageRecord } from './messages.repository.ts';
import { insertMovingTicket } from './message-delivery.service.ts';

const now = () => clock().now().toISOString();

// ----- inbound -----

export interface InboundMessage {
  channelMessageId: string;
  body: string;
  fromMe: boolean;
  mediaType: MediaType;
  media?: { key: string; name: string; mimeType: string; size: number };
  quotedChannelMessageId?: string;
  /** a tapped bot menu button's option (the body is its label) */
  menuChoice?: string;
  at: string;
  /** old history of an import: not counted unread and not told live (the import reports its progress instead) */
  imported?: boolean;
}

/**
 * Stores a message that came from the channel, once: a redelivered event finds the channel id taken and changes
 * nothing. Answers the stored message and the ticket after it moved, or `duplicate`.
 */
export const storeInbound = async (
  t: TicketRecord,
  contact: Contact,
  input: InboundMessage,
): Promise<{ duplicate: true } | { duplicate: false; message: Message; ticket: TicketRecord }> => {
  const ulid = ids.ulid();
  let quotedMsgId: string | null = null;
  if (input.quotedChannelMessageId) {
    const q = await getChannelId(t.companyId, t.whatsappId, input.quotedChannelMessageId);
    if (q) quotedMsgId = messageIdOf(q.ticketId, q.ulid);
  }
  const record: MessageRecord = {
    ...newMessageIds(t, ulid),
    contactId: input.fromMe ? null : contact.id,
    body: input.body,
    fromMe: input.fromMe,
    read: input.fromMe,
    mediaType: input.mediaType,
    mediaUrl: input.media?.key ?? null,
    mediaName: input.media?.name ?? null,
    ack: input.fromMe ? 1 : 0,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    isPrivate: false,
    quotedMsg: null,
    quotedMsgId,
    userId: null,
    error: null,
    channelMessageId: input.channelMessageId,
    ...(input.menuChoice ? { menuChoice: input.menuChoice } : {}),
    createdAt: input.at,
    updatedAt: now(),
  };
  let ticket: TicketRecord;
  try {
    ticket = await insertMovingTicket(record, t, {
      body: input.body || input.media?.name || input.mediaType,
      fromMe: input.fromMe,
      at: input.at,
      countsUnread: !input.fromMe && !input.imported,
    });
  } catch (error) {
    if (error instanceof DuplicateMessage) return { duplicate: true };
    throw error;
  }
  const message = await toMessage(record, await loadQuoted(t.companyId, record));
  if (!input.imported) await recordMessageChange(ticket, message, contact, 'create');
  // the search index is written after the agents heard of the message: it is not on the latency path
  if (input.mediaType === 'chat' || input.media) await indexMessageText(t.companyId, t.id, ulid, input.at, input.body);
  return { duplicate: false, message, ticket };
};

/**
 * Whether a channel message is stored already: the inbound pipeline asks before it finds a ticket, so a redelivery
 * (or the echo of our own send) neither reopens nor creates one.
 */
export const isKnownChannelMessage = async (
  companyId: number,
  connectionId: number,
  channelMessageId: string,
): Promise<boolean> => (await getChannelId(companyId, connectionId, channelMessageId)) !== undefined;

export const byChannelId = async (companyId: number, connectionId: number, channelMessageId: string) => {
  const ref = await getChannelId(companyId, connectionId, channelMessageId);
  return ref ? { ref, record: await getMessageRecord(companyId, ref.ticketId, ref.ulid) } : undefined;
};
