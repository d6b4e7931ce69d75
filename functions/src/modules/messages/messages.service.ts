/**
 * Messages of a ticket: reading (paged upward), agent sends (stored first with ack 0, then queued on outbound.fifo,
 * whose consumer calls the channel's driver and stores the outcome on the message), private notes, edits within
 * 15 minutes by the sender, deletes of one's own messages, forwarding, and the inbound side used by the inbound
 * consumer (idempotent by the channel's message id, acks that never go backwards, remote edits and deletes).
 */
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { MediaType, Message, SendMessageBody } from '@switchboard/shared/contracts/messages';
import { outboundDeduplicationId, outboundGroupId, type OutboundSend } from '@switchboard/shared/connector';
import { driverFor } from '../../channels/drivers.ts';
import { pauseAfterConflict } from '../../platform/table/conflict-pause.ts';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { logger } from '../../platform/logger.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { queue } from '../../platform/ports/ports.ts';
import { decodeCursor, encodeCursor, isKeyRecord } from '../../platform/table/cursor.ts';
import { companyTimeZone, findCompany } from '../tenancy/company-lookup.service.ts';
import { findConnection } from '../connections/connections.service.ts';
import { getContact, presentContact } from '../contacts/contacts.service.ts';
import {
  findTicket,
  markTicketRead,
  currentTicket,
  mayReadHistory,
  messageTicketWrites,
  recordTicketChange,
  replaceLastMessage,
  type MessageOnTicket,
  requireVisibleTicket,
  ticketPk,
  toTicket,
  type TicketRecord,
} from '../tickets/tickets.service.ts';
import { indexMessageText, unindexMessageText } from '../message-search/message-search.service.ts';
import { loadQuoted, outgoingContext, recordMessageChange, reachedChannel, toMessage } from './message-presentation.ts';
import { renderVariables } from './message-variables.ts';
import { requireServiceWindow } from './service-window.ts';
import { channelReadyUpload, isVoiceNote } from './voice-notes.ts';
import { messageIdOf, parseMessageId, type MessageRecord } from './message.entity.ts';
import {
  DuplicateMessage,
  LinkedWriteFailed,
  deleteMessageRecord,
  getChannelId,
  getMessageRecord,
  attachChannelId,
  insertMessage,
  listMessageRecords,
  listMessageRecordsUpTo,
  updateMessageRecord,
} from './messages.repository.ts';
import { companyMediaKey, companyMediaPrefix } from '../../platform/ports/media-keys.ts';

/** Spec document 1 section 4: the sender may edit within 15 minutes. */
export const EDIT_WINDOW_MS = 900_000;
/** Spec document 1 section 5: recordings under 10000 bytes are discarded. */
export const MIN_AUDIO_BYTES = 10_000;

const now = () => clock().now().toISOString();

// ----- presentation -----

// ----- reading -----

/** Where the next page begins: a ticket of the conversation and, within it, the key after the last message read. */
interface HistoryCursor {
  t: number;
  k?: Record<string, string>;
}

const isHistoryCursor = (v: unknown): v is HistoryCursor => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const c = v as Record<string, unknown>;
  return (
    Number.isSafeInteger(c.t) &&
    (c.t as number) > 0 &&
    (c.k === undefined || isKeyRecord(c.k)) &&
    Object.keys(c).every((k) => k === 't' || k === 'k')
  );
};

const invalidCursor = () =>
  new AppError('ERR_VALIDATION', 'Invalid cursor', { fields: [{ path: 'query.cursor', message: 'Invalid cursor' }] });

/** Earlier tickets a page may run into before it stops and leaves the rest to the next page (bounds a request's reads). */
const MAX_TICKETS_PER_PAGE = 3;
/** Earlier tickets the viewer may not read that a page skips over before it stops looking. */
const MAX_SKIPPED_TICKETS = 5;

/**
 * GET /messages/{ticketId}: the conversation newest first in pages, running on into the earlier tickets of the same
 * contact and connection that the viewer may read (server reference 3.4), so an agent sees the whole history.
 * Opening the page marks the ticket read.
 */
export const listMessages = async (auth: AuthContext, ticketId: number, q: { cursor?: string; limit: number }) => {
  // the history a page runs into depends on who reads it, so a cursor is the reader's own
  const scope = { list: 'messages.list', companyId: auth.companyId, filters: { ticketId, userId: auth.userId } };
  const cursor = await decodeCursor(q.cursor, scope, isHistoryCursor);
  const fromCurrent = !cursor || cursor.t === ticketId;
  if (cursor?.k && cursor.k.pk !== ticketPk(auth.companyId, cursor.t)) throw invalidCursor();
  // the first page is read alongside the ticket and dropped if the ticket turns out not to be the caller's to see
  const [visible, firstPage] = await Promise.all([
    requireVisibleTicket(auth, ticketId),
    fromCurrent ? listMessageRecords(auth.companyId, ticketId, { limit: q.limit, startKey: cursor?.k }) : undefined,
  ]);
  let source = visible;
  if (!fromCurrent) {
    const earlier = await findTicket(auth.companyId, cursor.t);
    const sameConversation =
      earlier && earlier.contactId === visible.contactId && earlier.whatsappId === visible.whatsappId && earlier.id < visible.id;
    if (!sameConversation || !mayReadHistory(auth, earlier)) throw invalidCursor();
    source = earlier;
  }

  const records: MessageRecord[] = [];
  let next: HistoryCursor | null = null;
  let page = firstPage ?? (await listMessageRecords(auth.companyId, source.id, { limit: q.limit, startKey: cursor?.k }));
  for (let tickets = 1; ; tickets++) {
    records.push(...page.items);
    if (page.lastKey) {
      next = { t: source.id, k: page.lastKey };
      break;
    }
    const previous = await previousReadable(auth, source);
    if (!previous) break;
    if (records.length >= q.limit || tickets >= MAX_TICKETS_PER_PAGE) {
      next = { t: previous.id };
      break;
    }
    source = previous;
    page = await listMessageRecords(auth.companyId, source.id, { limit: q.limit - records.length });
  }

  const byId = new Map(records.map((m) => [m.id, m]));
  const messages = await Promise.all(
    records.map(async (m) =>
      toMessage(m, m.quotedMsgId ? (byId.get(m.quotedMsgId) ?? (await loadQuoted(auth.companyId, m))) : undefined),
    ),
  );
  let t = visible;
  if (
    fromCurrent &&
    t.unreadMessages > 0 &&
    (t.status === 'open' || t.status === 'group') &&
    (t.userId === auth.userId || auth.profile === 'admin')
  ) {
    t = await markTicketRead(t);
  }
  const contact = await getContact(auth.companyId, t.contactId);
  return {
    // oldest first within the page, the way the conversation reads; older pages load upward
    messages: messages.reverse(),
    ticket: toTicket(t, contact ? presentContact(auth, contact) : undefined),
    hasMore: next !== null,
    nextCursor: next ? await encodeCursor(next, scope) : null,
  };
};

/** The conversation's ticket before `t` that the viewer may read, skipping a few they may not. */
const previousReadable = async (auth: AuthContext, t: TicketRecord): Promise<TicketRecord | undefined> => {
  let id = t.previousTicketId ?? null;
  for (let skipped = 0; id !== null && skipped <= MAX_SKIPPED_TICKETS; skipped++) {
    const earlier = await findTicket(auth.companyId, id);
    if (!earlier || earlier.contactId !== t.contactId || earlier.whatsappId !== t.whatsappId) return undefined;
    if (mayReadHistory(auth, earlier)) return earlier;
    id = earlier.previousTicketId ?? null;
  }
  return undefined;
};

// ----- sending -----

export const mediaTypeOf = (mimeType: string): MediaType => {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('video/')) return 'video';
  return 'application';
};

const vCardText = (v: { name: string; number: string }) =>
  `BEGIN:VCARD\nVERSION:3.0\nN:;${v.name};;;\nFN:${v.name}\nTEL;type=CELL;waid=${v.number.replace(/\D/g, '')}:+${v.number.replace(/\D/g, '')}\nEND:VCARD`;

interface Draft {
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
}

/** Tries of the message-and-ticket transaction: each lost race means another writer got through. */
const MOVE_ATTEMPTS = 12;

/**
 * Stores the message and moves its ticket (last message, unread count, order in the lists) in one transaction;
 * when somebody changed the ticket meanwhile, waits a little (random, growing), re-reads it and tries again.
 * Answers the ticket as written.
 */
const insertMovingTicket = async (
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
const queueSend = async (t: TicketRecord, contact: Contact, record: MessageRecord): Promise<void> => {
  const send: OutboundSend = {
    kind: 'send',
    companyId: t.companyId,
    connectionId: record.connectionId,
    channel: t.channel,
    contactId: contact.id,
    messageId: record.id,
  };
  const message = { body: JSON.stringify(send), groupId: outboundGroupId(send), deduplicationId: outboundDeduplicationId(send) };
  // WhatsApp (Baileys) sends are made by the connector task holding the session; the rest by the outbound function
  if (send.channel === 'whatsapp') await queue().send('connector-outbound.fifo', message);
  else await queue().send('outbound.fifo', message);
};

/**
 * Stores an outgoing message (ack 0), moves the ticket, tells the agents, then queues the send: the caller does not
 * wait for the channel. A send that cannot be queued is stored as failed. Private notes are only stored (ack 3).
 */
export const deliver = async (t: TicketRecord, contact: Contact, draft: Draft): Promise<Message> => {
  const ulid = draft.ulid ?? ids.ulid();
  const at = now();
  const record: MessageRecord = {
    id: messageIdOf(t.id, ulid),
    ulid,
    companyId: t.companyId,
    ticketId: t.id,
    connectionId: t.whatsappId,
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
const variableContext = async (t: TicketRecord, contact: Contact, userName: string) => ({
  contactName: contact.name,
  userName,
  ticketId: t.id,
  queueName: t.queue?.name ?? '',
  connectionName: t.whatsapp.name,
  now: clock().now(),
  timeZone: await companyTimeZone(t.companyId),
});

export const sendMessage = async (auth: AuthContext, ticketId: number, body: SendMessageBody): Promise<Message> => {
  const t = await requireVisibleTicket(auth, ticketId);
  if (t.status === 'closed') throw new AppError('ERR_SENDING_WAPP_MSG', 'The ticket is closed');
  if (!body.isPrivate) requireServiceWindow(t);
  const contact = await getContact(auth.companyId, t.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  let mediaType: MediaType = 'chat';
  let mediaKey: string | null = null;
  let mediaName: string | null = null;
  let voiceNote = false;
  if (body.media) {
    if (!body.media.key.startsWith(`${companyMediaPrefix(auth.companyId)}t${ticketId}/`)) {
      throw new AppError('ERR_VALIDATION', 'Unknown upload', { fields: [{ path: 'body.media.key', message: 'Unknown upload' }] });
    }
    const size = await blobStore().size(body.media.key);
    if (size === undefined)
      throw new AppError('ERR_VALIDATION', 'The file was not uploaded', {
        fields: [{ path: 'body.media.key', message: 'Not uploaded' }],
      });
    mediaType = mediaTypeOf(body.media.mimeType);
    if (mediaType === 'audio' && size < MIN_AUDIO_BYTES) {
      throw new AppError('ERR_VALIDATION', 'Recording too short', {
        fields: [{ path: 'body.media', message: 'Recording too short' }],
      });
    }
    const stored = await channelReadyUpload(auth.companyId, ticketId, body.media);
    mediaKey = stored.key;
    mediaName = stored.name;
    voiceNote = isVoiceNote({ mimeType: stored.mimeType, voiceNote: body.media.voiceNote });
  }
  let text = renderVariables(body.body, await variableContext(t, contact, auth.user.name));
  if (body.vCard) {
    mediaType = 'contactMessage';
    text = vCardText(body.vCard);
  }
  let quotedMsgId: string | null = null;
  if (body.quotedMsg) {
    const ref = parseMessageId(body.quotedMsg.id);
    const quoted = ref && ref.ticketId === ticketId ? await getMessageRecord(auth.companyId, ref.ticketId, ref.ulid) : undefined;
    if (!quoted)
      throw new AppError('ERR_VALIDATION', 'Unknown quoted message', {
        fields: [{ path: 'body.quotedMsg.id', message: 'Unknown message' }],
      });
    quotedMsgId = quoted.id;
  }
  return deliver(t, contact, {
    body: text,
    mediaType,
    mediaKey,
    mediaName,
    isPrivate: body.isPrivate,
    isForwarded: false,
    quotedMsgId,
    userId: auth.userId,
    ...(voiceNote ? { isVoiceNote: true } : {}),
  });
};

/** Sends a text on behalf of the system or an agent (farewell, greeting), with variables substituted. */
export const sendSystemText = async (
  t: TicketRecord,
  text: string,
  userName: string,
  userId: number | null,
  options: { quotedMsgId?: string; menu?: NonNullable<Message['menu']>; ulid?: string } = {},
): Promise<Message | undefined> => {
  const contact = await getContact(t.companyId, t.contactId);
  if (!contact || !text.trim()) return undefined;
  const body = renderVariables(text, await variableContext(t, contact, userName));
  return deliver(t, contact, {
    body,
    mediaType: 'chat',
    mediaKey: null,
    mediaName: null,
    isPrivate: false,
    isForwarded: false,
    quotedMsgId: options.quotedMsgId ?? null,
    userId,
    ...(options.menu ? { menu: options.menu } : {}),
    ...(options.ulid ? { ulid: options.ulid } : {}),
  });
};

/**
 * The system's answer to a channel event that is not a message (a call's end): `eventKey` is the event's id on the
 * connection, claimed before the send, so a redelivered event never answers twice (a send that fails after the
 * claim is not made again: one reply at most). Undefined when the event was answered before.
 */
export const sendSystemTextOnce = async (t: TicketRecord, text: string, eventKey: string): Promise<Message | undefined> => {
  const ulid = ids.ulid();
  const claimed = await attachChannelId(
    { companyId: t.companyId, ticketId: t.id, ulid, connectionId: t.whatsappId },
    eventKey,
    false,
  );
  if (!claimed) return undefined;
  return sendSystemText(t, text, '', null, { ulid });
};

/** Sends a stored file on behalf of the system (a file list of a queue or a chatbot option), its name as the caption. */
export const sendSystemFile = async (
  t: TicketRecord,
  file: { key: string; name: string; mimeType: string },
): Promise<Message | undefined> => {
  const contact = await getContact(t.companyId, t.contactId);
  if (!contact) return undefined;
  return deliver(t, contact, {
    body: file.name,
    mediaType: mediaTypeOf(file.mimeType),
    mediaKey: file.key,
    mediaName: file.name,
    isPrivate: false,
    isForwarded: false,
    quotedMsgId: null,
    userId: null,
  });
};

/**
 * Sends a scheduled message in its ticket: variables substituted, the sender's signature (`*name:*` and a line
 * break) first when asked, and the stored attachment with the text as its caption.
 */
export const sendScheduledText = async (
  t: TicketRecord,
  contact: Contact,
  input: { text: string; userName: string; userId: number | null; sign: boolean; media?: { key: string; name: string } },
): Promise<Message> => {
  const rendered = renderVariables(input.text, await variableContext(t, contact, input.userName));
  const body = input.sign && input.userName ? `*${input.userName}:*\n${rendered}` : rendered;
  return deliver(t, contact, {
    body,
    mediaType: input.media ? 'image' : 'chat',
    mediaKey: input.media?.key ?? null,
    mediaName: input.media?.name ?? null,
    isPrivate: false,
    isForwarded: false,
    quotedMsgId: null,
    userId: input.userId,
  });
};

/**
 * Sends one message of a campaign in its ticket (server reference 6.3): the text as given (variables already
 * substituted by the campaign), the attachment with the text as its caption, or a Cloud API template.
 */
export const sendCampaignMessage = async (
  t: TicketRecord,
  contact: Contact,
  input: {
    text: string;
    media?: { key: string; name: string; mimeType: string };
    template?: NonNullable<Message['template']>;
    campaignSend: NonNullable<MessageRecord['campaignSend']>;
  },
): Promise<Message> =>
  deliver(t, contact, {
    body: input.text,
    mediaType: input.template ? 'chat' : input.media ? mediaTypeOf(input.media.mimeType) : 'chat',
    mediaKey: input.template ? null : (input.media?.key ?? null),
    mediaName: input.template ? null : (input.media?.name ?? null),
    isPrivate: false,
    isForwarded: false,
    quotedMsgId: null,
    userId: null,
    ...(input.template ? { template: input.template } : {}),
    campaignSend: input.campaignSend,
  });

/** Stores a private note (e.g. a transfer message) on the ticket. */
export const addPrivateNote = async (t: TicketRecord, text: string, userId: number): Promise<Message | undefined> => {
  const contact = await getContact(t.companyId, t.contactId);
  if (!contact || !text.trim()) return undefined;
  return deliver(t, contact, {
    body: text,
    mediaType: 'chat',
    mediaKey: null,
    mediaName: null,
    isPrivate: true,
    isForwarded: false,
    quotedMsgId: null,
    userId,
  });
};

export const uploadUrl = async (auth: AuthContext, ticketId: number, file: { name: string; mimeType: string; size: number }) => {
  await requireVisibleTicket(auth, ticketId);
  const key = companyMediaKey(auth.companyId, `t${ticketId}`, file.name);
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  return { key, uploadUrl: target.url, headers: target.headers };
};

const ownMessage = async (auth: AuthContext, id: string, ticketId?: number) => {
  const ref = parseMessageId(id);
  if (!ref || (ticketId !== undefined && ref.ticketId !== ticketId)) throw new AppError('ERR_NOT_FOUND');
  const t = await requireVisibleTicket(auth, ref.ticketId).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'ERR_NO_TICKET_FOUND' ? new AppError('ERR_NOT_FOUND') : error;
  });
  const m = await getMessageRecord(auth.companyId, ref.ticketId, ref.ulid);
  if (!m) throw new AppError('ERR_NOT_FOUND');
  if (!m.fromMe || m.userId !== auth.userId)
    throw new AppError('ERR_NO_PERMISSION', 'Only the agent who sent a message may change it');
  return { t, m, ref };
};

/**
 * A signed message (`*Name:*` and a line break before the text) stays signed when its text is edited: the new
 * text gets the signature the original had, unless it already carries it.
 */
export const keepSignature = (original: string, edited: string, senderName: string): string => {
  const signature = `*${senderName}:*\n`;
  return original.startsWith(signature) && !edited.startsWith(signature) ? `${signature}${edited}` : edited;
};

export const editMessage = async (auth: AuthContext, messageId: string, ticketId: number, body: string): Promise<Message> => {
  const { t, m, ref } = await ownMessage(auth, messageId, ticketId);
  if (m.isDeleted) throw new AppError('ERR_NO_PERMISSION', 'The message was deleted');
  if (clock().now().getTime() - Date.parse(m.createdAt) > EDIT_WINDOW_MS)
    throw new AppError('ERR_NO_PERMISSION', 'The 15-minute edit window has passed');
  const updated = await updateMessageRecord(auth.companyId, ref.ticketId, ref.ulid, {
    body: keepSignature(m.body, body, auth.user.name),
    isEdited: true,
    updatedAt: now(),
  });
  if (!updated) throw new AppError('ERR_NOT_FOUND');
  const message = await toMessage(updated, await loadQuoted(auth.companyId, updated));
  const contact = await getContact(auth.companyId, t.contactId);
  // decided on the message as written: a send settling at this moment either saw the edit or left it to us
  if (!m.isPrivate && contact && reachedChannel(updated))
    await driverFor(t.channel)
      .update(message, outgoingContext(t, contact))
      .catch(() => undefined);
  await recordMessageChange(t, message, contact, 'update');
  return message;
};

export const deleteMessage = async (auth: AuthContext, id: string): Promise<Message> => {
  const { t, m, ref } = await ownMessage(auth, id);
  const contact = await getContact(auth.companyId, t.contactId);
  if (m.isPrivate) {
    await deleteMessageRecord(auth.companyId, ref.ticketId, ref.ulid);
    const message = await toMessage({ ...m, isDeleted: true });
    await recordMessageChange(t, message, contact, 'delete');
    return message;
  }
  const updated = await updateMessageRecord(auth.companyId, ref.ticketId, ref.ulid, { isDeleted: true, updatedAt: now() });
  if (!updated) throw new AppError('ERR_NOT_FOUND');
  const message = await toMessage(updated);
  // a send not made yet is dropped by its consumer; one being made is taken back by it once it went out
  if (contact && reachedChannel(updated))
    await driverFor(t.channel)
      .update(message, outgoingContext(t, contact))
      .catch((error: unknown) => {
        throw new AppError('ERR_DELETE_WAPP_MSG', (error as Error).message);
      });
  await recordMessageChange(t, message, contact, 'update');
  return message;
};

/** Forwards one message to a contact, through that contact's running ticket on the same connection, or a new one. */
export const forwardMessage = async (
  auth: AuthContext,
  body: { messageId: string; contactId: number },
  openTicketFor: (auth: AuthContext, contactId: number, connectionId: number, queueId: number | null) => Promise<TicketRecord>,
): Promise<Message> => {
  const ref = parseMessageId(body.messageId);
  if (!ref) throw new AppError('ERR_NOT_FOUND');
  const source = await requireVisibleTicket(auth, ref.ticketId);
  const m = await getMessageRecord(auth.companyId, ref.ticketId, ref.ulid);
  if (!m || m.isDeleted || m.isPrivate) throw new AppError('ERR_NOT_FOUND');
  const contact = await getContact(auth.companyId, body.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const connection = await findConnection(auth.companyId, source.whatsappId);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  const target = await openTicketFor(auth, contact.id, connection.id, source.queueId);
  requireServiceWindow(target);
  return deliver(target, contact, {
    body: m.body,
    mediaType: m.mediaType,
    mediaKey: m.mediaUrl,
    mediaName: m.mediaName,
    isPrivate: false,
    isForwarded: true,
    quotedMsgId: null,
    userId: auth.userId,
    ...(m.isVoiceNote ? { isVoiceNote: true } : {}),
  });
};

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
    id: messageIdOf(t.id, ulid),
    ulid,
    companyId: t.companyId,
    ticketId: t.id,
    connectionId: t.whatsappId,
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

const byChannelId = async (companyId: number, connectionId: number, channelMessageId: string) => {
  const ref = await getChannelId(companyId, connectionId, channelMessageId);
  return ref ? { ref, record: await getMessageRecord(companyId, ref.ticketId, ref.ulid) } : undefined;
};

/** A delivery receipt: applied only when it moves the ack forward. */
export const applyAck = async (
  companyId: number,
  connectionId: number,
  channelMessageId: string,
  ack: number,
): Promise<boolean> => {
  const found = await byChannelId(companyId, connectionId, channelMessageId);
  if (!found?.record) return false;
  const updated = await updateMessageRecord(
    companyId,
    found.ref.ticketId,
    found.ref.ulid,
    { ack, updatedAt: now() },
    { onlyIfAckBelow: ack },
  );
  if (!updated) return false;
  await publishChange(companyId, updated);
  return true;
};

/** How far back receipts without ids and early echoes look in a conversation: its latest messages only. */
const RECENT_MESSAGES = 50;
/** How long after a send its caption's echo may come (a send waits up to 10 minutes for its channel). */
const SEND_ECHO_MS = 15 * 60_000;

/** Whether our message went out through the provider (a received one, a private note, a failed send did not). */
const reachedProvider = (m: MessageRecord): boolean =>
  m.fromMe && !m.isPrivate && m.sendState !== 'failed' && m.sendState !== 'pending' && m.sendState !== 'sending';

/**
 * A receipt by watermark (Messenger and Instagram `delivery` and `read` without ids): every message we sent in the
 * ticket at or before `watermark` reaches `ack`, never backwards. One bounded Query of the ticket's latest
 * messages up to the watermark. Answers how many changed.
 */
export const applyWatermark = async (companyId: number, ticketId: number, watermark: string, ack: number): Promise<number> => {
  const upTo = Date.parse(watermark);
  const recent = await listMessageRecordsUpTo(companyId, ticketId, upTo, RECENT_MESSAGES);
  let changed = 0;
  for (const m of recent) {
    if (!reachedProvider(m) || m.ack >= ack || Date.parse(m.createdAt) > upTo) continue;
    const updated = await updateMessageRecord(companyId, ticketId, m.ulid, { ack, updatedAt: now() }, { onlyIfAckBelow: ack });
    if (!updated) continue;
    changed++;
    await publishChange(companyId, updated);
  }
  return changed;
};

/** Whether a send of the ticket is being made right now (its provider's id, and so its receipts, are not known yet). */
export const hasSendInFlight = async (companyId: number, ticketId: number): Promise<boolean> =>
  (await listMessageRecordsUpTo(companyId, ticketId, clock().now().getTime(), RECENT_MESSAGES)).some(
    (m) => m.sendState === 'sending',
  );

/**
 * The echo of a message the page sent, arriving before our send settled (the provider answered the webhook first):
 * the echo's id is given to our unsettled message with the same content, oldest first, so the echo is not stored as
 * a message of its own. A text echo may also be the caption sent after a file: its id then points to that message.
 * Answers whether the echo was ours.
 */
export const claimEcho = async (
  companyId: number,
  ticketId: number,
  echo: { channelMessageId: string; body: string; mediaType: MediaType },
): Promise<boolean> => {
  const recent = (await listMessageRecordsUpTo(companyId, ticketId, clock().now().getTime(), RECENT_MESSAGES)).reverse();
  const unsettled = (m: MessageRecord) => (m.sendState === 'pending' || m.sendState === 'sending') && !m.channelMessageId;
  const own = (m: MessageRecord) => m.fromMe && !m.isPrivate && !m.isDeleted;
  const sameSend = recent.find(
    (m) =>
      own(m) &&
      unsettled(m) &&
      (echo.mediaType === 'chat' ? m.mediaType === 'chat' && m.body === echo.body : m.mediaType === echo.mediaType),
  );
  if (sameSend) return attachChannelId(sameSend, echo.channelMessageId, true);
  // a caption follows its file within seconds; an older file with the same caption is another matter
  const justSent = (m: MessageRecord) => clock().now().getTime() - Date.parse(m.createdAt) < SEND_ECHO_MS;
  const caption =
    echo.mediaType === 'chat' && echo.body
      ? recent.find((m) => own(m) && justSent(m) && m.mediaType !== 'chat' && m.body === echo.body && m.sendState !== 'failed')
      : undefined;
  return caption ? attachChannelId(caption, echo.channelMessageId, false) : false;
};

/**
 * The provider took a send and then could not deliver it (a Cloud API `failed` status): the reason is stored on the
 * message and the agents see it failed; the ack is left as it was.
 */
export const applySendFailure = async (
  companyId: number,
  connectionId: number,
  channelMessageId: string,
  error: string,
): Promise<boolean> => {
  const found = await byChannelId(companyId, connectionId, channelMessageId);
  if (!found?.record || !found.record.fromMe || found.record.error === error) return false;
  const updated = await updateMessageRecord(companyId, found.ref.ticketId, found.ref.ulid, {
    error,
    sendState: 'failed',
    updatedAt: now(),
  });
  if (!updated) return false;
  await publishChange(companyId, updated);
  return true;
};

export const applyRemoteEdit = async (
  companyId: number,
  connectionId: number,
  channelMessageId: string,
  body: string,
): Promise<boolean> => {
  const found = await byChannelId(companyId, connectionId, channelMessageId);
  if (!found?.record) return false;
  const updated = await updateMessageRecord(companyId, found.ref.ticketId, found.ref.ulid, {
    body,
    isEdited: true,
    updatedAt: now(),
  });
  if (!updated) return false;
  await publishChange(companyId, updated);
  return true;
};

/** Server reference 1.4: the text a message deleted by the customer keeps when the company erases deleted messages. */
export const DELETED_MESSAGE_MARKER = '🚫 Mensagem apagada';

/** Spec document 1, company settings: with LGPD on, lgpdDeleteMessage erases what the customer deleted. */
const erasesDeletedMessages = (settings: Partial<Record<string, string>> | undefined): boolean =>
  settings?.enableLGPD === 'enabled' && settings.lgpdDeleteMessage === 'enabled';

/**
 * The customer deleted a message on the channel: it is flagged deleted; under LGPD's lgpdDeleteMessage its text is
 * also replaced by the marker (and taken out of the search index) and the ticket's preview shows the marker.
 */
export const applyRemoteDelete = async (companyId: number, connectionId: number, channelMessageId: string): Promise<boolean> => {
  const found = await byChannelId(companyId, connectionId, channelMessageId);
  if (!found?.record || found.record.isDeleted) return false;
  const erase = erasesDeletedMessages((await findCompany(companyId))?.settings);
  const updated = await updateMessageRecord(companyId, found.ref.ticketId, found.ref.ulid, {
    isDeleted: true,
    ...(erase ? { body: DELETED_MESSAGE_MARKER } : {}),
    updatedAt: now(),
  });
  if (!updated) return false;
  if (!erase) {
    await publishChange(companyId, updated);
    return true;
  }
  await unindexMessageText(companyId, found.record.ulid, found.record.createdAt, found.record.body);
  const changed = await replaceLastMessage(companyId, updated.ticketId, DELETED_MESSAGE_MARKER);
  // the lists show the new preview; the conversation shows the message's new text
  if (changed)
    await recordTicketChange(changed.after, await getContact(companyId, changed.after.contactId), { before: changed.before });
  await publishChange(companyId, updated, changed?.after);
  return true;
};

const publishChange = async (companyId: number, record: MessageRecord, known?: TicketRecord) => {
  const t = known ?? (await findTicket(companyId, record.ticketId));
  if (!t) return;
  await recordMessageChange(t, await toMessage(record), await getContact(companyId, t.contactId), 'update');
};

/** The visitor's view of their conversation (web chat): their ticket's public messages, oldest first. */
export const conversationForVisitor = async (t: TicketRecord, limit: number): Promise<MessageRecord[]> => {
  const page = await listMessageRecords(t.companyId, t.id, { limit, forward: false });
  // what never reached the visitor (a failed send, one deleted before it went out) is not theirs to see
  const neverReached = (m: MessageRecord) => m.sendState === 'failed' || (m.fromMe && m.isDeleted && !reachedChannel(m));
  return page.items.filter((m) => !m.isPrivate && !neverReached(m)).reverse();
};

export const presentForVisitor = async (m: MessageRecord): Promise<Message> => toMessage(m);

/**
 * The first `limit` text messages of a ticket, oldest first (an AI prompt's context, server reference 8.4): what the
 * customer and our side wrote, without notes, deleted messages or `except` (the message being answered). Pages of
 * the ticket's partition are read from its start until enough are found, at most a few pages.
 */
export const firstTicketTexts = async (
  t: Pick<TicketRecord, 'companyId' | 'id'>,
  limit: number,
  except?: string,
): Promise<Pick<Message, 'id' | 'body' | 'fromMe'>[]> => {
  const found: Pick<Message, 'id' | 'body' | 'fromMe'>[] = [];
  let startKey: Record<string, string> | undefined;
  for (let page = 0; page < 5 && found.length < limit; page++) {
    const out = await listMessageRecords(t.companyId, t.id, { limit: Math.max(limit * 2, 20), startKey, forward: true });
    for (const m of out.items) {
      if (m.mediaType !== 'chat' || m.isPrivate || m.isDeleted || m.id === except || !m.body.trim()) continue;
      found.push({ id: m.id, body: m.body, fromMe: m.fromMe });
      if (found.length === limit) break;
    }
    startKey = out.lastKey;
    if (!startKey) break;
  }
  return found;
};

/** The stored file of a message (an integration hands a customer's recording on), or undefined when it has none. */
export const messageFile = async (
  companyId: number,
  messageId: string,
): Promise<{ bytes: Buffer; name: string | null } | undefined> => {
  const ref = parseMessageId(messageId);
  const record = ref ? await getMessageRecord(companyId, ref.ticketId, ref.ulid) : undefined;
  if (!record?.mediaUrl || record.isDeleted) return undefined;
  const bytes = await blobStore().read(record.mediaUrl);
  return bytes ? { bytes, name: record.mediaName } : undefined;
};
