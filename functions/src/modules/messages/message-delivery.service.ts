/**
 * How a message of ours goes out: stored first (ack 0) on its ticket, moving the ticket's preview with it, then queued
 * on the outbound queue, whose consumer calls the channel's driver and stores the outcome on the message.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { MediaType, Message } from '@switchboard/shared/contracts/messages';
import { outboundDeduplicationId, outboundGroupId, type OutboundSend } from '@switchboard/shared/connector';
import { pauseAfterConflict } from '../../platform/table/conflict-pause.ts';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { logger } from '../../platform/logger.ts';
import { queue } from '../../platform/ports/ports.ts';
import { companyTimeZone } from '../tenancy/company-lookup.service.ts';
import { currentTicket, messageTicketWrites, type MessageOnTicket, type TicketRecord } from '../tickets/tickets.service.ts';
import { indexMessageText } from '../message-search/message-search.service.ts';
import { loadQuoted, recordMessageChange, toMessage } from './message-presentation.ts';
import { newMessageIds, type MessageRecord } from './message.entity.ts';
import { LinkedWriteFailed, insertMessage, updateMessageRecord } from './messages.repository.ts';

const now = () => clock().now().toISOString();

// ----- sending -----

export const mediaTypeOf = (mimeType: string): MediaType => {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('video/')) return 'video';
  return 'application';
};

export const vCardText = (v: { name: string; number: string }) =>
  `BEGIN:VCARD\nVERSION:3.0\nN:;${v.name};;;\nFN:${v.name}\nTEL;type=CELL;waid=${v.number.replace(/\D/g, '')}:+${v.number.replace(/\D/g, '')}\nEND:VCARD`;

export interface Draft {
  body: string;
  mediaType: MediaType;
  mediaKey: string | null;
  mediaName: string | null;
  isPrivate: boolean;
  isForwarded: boolean;
  quotedMsgId: string | null;
  userId: number | null;
  /** a Cloud API template send (message-templates.service.ts) */
  template?: NonNullable<Message['template']>;
  /** the bot's menu as buttons or a list, for the channels that can show them */
  menu?: NonNullable<Message['menu']>;
  campaignSend?: MessageRecord['campaignSend'];
  /** an agent's recording, sent as a voice note */
  isVoiceNote?: boolean;
  /** the message's id within its ticket, when it was chosen before (a reply claimed once, sendSystemTextOnce) */
  ulid?: string;
  /** the Idempotency-Key of an agent's reply, kept so the composer knows its waiting reply when the message arrives */
  clientKey?: string;
}

/** Tries of the message-and-ticket transaction: each lost race means another writer got through. */
export const MOVE_ATTEMPTS = 12;

/**
 * Stores the message and moves its ticket (last message, unread count, order in the lists) in one transaction;
 * when somebody changed the ticket meanwhile, waits a little (random, growing), re-reads it and tries again.
 * Answers the ticket as written.
 */
export const insertMovingTicket = async (
  record: MessageRecord,
  known: TicketRecord,
  message: MessageOnTicket,
): Promise<TicketRecord> => {
  let t: TicketRecord | undefined = known;
  for (let attempt = 0; attempt < MOVE_ATTEMPTS && t; attempt++) {
    const writes = await messageTicketWrites(t, message);
    try {
      await insertMessage(record, writes.items);
      return writes.next;
    } catch (error) {
      if (!(error instanceof LinkedWriteFailed)) throw error;
      await pauseAfterConflict(attempt);
      t = await currentTicket(t.companyId, t.id);
    }
  }
  if (!t) throw new AppError('ERR_NO_TICKET_FOUND');
  throw new AppError('ERR_CREATING_TICKET', 'The ticket is changing too fast, try again');
};

/** Puts a recorded send on outbound.fifo, one conversation (company + connection + contact) in order. */
export const queueSend = async (t: TicketRecord, contact: Contact, record: MessageRecord): Promise<void> => {
  const send: OutboundSend = {
    kind: 'send',
    companyId: t.companyId,
    connectionId: record.connectionId,
    channel: t.channel,
    contactId: contact.id,
    messageId: record.id,
  };
  const message = { body: JSON.stringify(send), groupId: outboundGroupId(send), deduplicationId: outboundDeduplicationId(send) };
  // a session's sends are made by the connector task holding it (WhatsApp by QR); the rest by the outbound function
  await queue().send(traitsOf(send.channel).outboundQueue, message);
};

/**
 * Stores an outgoing message (ack 0), moves the ticket, tells the agents, then queues the send: the caller does not
 * wait for the channel. A send that cannot be queued is stored as failed. Private notes are only stored (ack 3).
 */
export const deliver = async (t: TicketRecord, contact: Contact, draft: Draft): Promise<Message> => {
  const ulid = draft.ulid ?? ids.ulid();
  const at = now();
  const record: MessageRecord = {
    ...newMessageIds(t, ulid),
    contactId: null,
    body: draft.body,
    fromMe: true,
    read: true,
    mediaType: draft.mediaType,
    mediaUrl: draft.mediaKey,
    mediaName: draft.mediaName,
    ack: draft.isPrivate ? 3 : 0,
    isDeleted: false,
    isEdited: false,
    isForwarded: draft.isForwarded,
    isPrivate: draft.isPrivate,
    quotedMsg: null,
    quotedMsgId: draft.quotedMsgId,
    userId: draft.userId,
    error: null,
    channelMessageId: null,
    ...(draft.template ? { template: draft.template } : {}),
    ...(draft.menu ? { menu: draft.menu } : {}),
    ...(draft.campaignSend ? { campaignSend: draft.campaignSend } : {}),
    ...(draft.isVoiceNote ? { isVoiceNote: true } : {}),
    ...(draft.clientKey ? { clientKey: draft.clientKey } : {}),
    ...(draft.isPrivate ? {} : { sendState: 'pending' as const, sendAttemptAt: null }),
    createdAt: at,
    updatedAt: at,
  };
  const ticket = await insertMovingTicket(record, t, {
    body: draft.body || draft.mediaName || draft.mediaType,
    fromMe: true,
    at,
    countsUnread: false,
    byAgent: draft.userId !== null && !draft.isPrivate,
  });
  const quoted = await loadQuoted(t.companyId, record);
  let message = await toMessage(record, quoted);
  // the agents hear of the message before its send can settle, so the outcome's update finds it on their screens
  await recordMessageChange(ticket, message, contact, 'create');
  if (!draft.isPrivate) {
    try {
      await queueSend(ticket, contact, record);
    } catch (error) {
      logger.error('send not queued', { ticketId: t.id, messageId: record.id, error: error as Error });
      const stored = await updateMessageRecord(t.companyId, t.id, ulid, {
        error: 'ERR_SENDING_WAPP_MSG',
        sendState: 'failed',
        updatedAt: now(),
      });
      if (stored) {
        message = await toMessage(stored, quoted);
        await recordMessageChange(ticket, message, contact, 'update');
      }
    }
  }
  if (draft.mediaType === 'chat') await indexMessageText(t.companyId, t.id, ulid, at, draft.body);
  return message;
};

/** The greeting by time of day is the company's local one (its zone is cached from the read of the request's company). */
export const variableContext = async (t: TicketRecord, contact: Contact, userName: string) => ({
  contactName: contact.name,
  userName,
  ticketId: t.id,
  queueName: t.queue?.name ?? '',
  connectionName: t.whatsapp.name,
  now: clock().now(),
  timeZone: await companyTimeZone(t.companyId),
});
