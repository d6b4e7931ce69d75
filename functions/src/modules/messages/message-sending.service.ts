/**
 * The sends of our side: an agent's message (text, media, a contact card), the system's texts and files (farewell,
 * greeting, menus, a call's answer), scheduled and campaign messages, and private notes.
 */
import type { Contact } from '@switchboard/shared/contracts/contacts';
import { replyIdempotencyKey, type MediaType, type Message, type SendMessageBody } from '@switchboard/shared/contracts/messages';
import { ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { companyMediaPrefix } from '../../platform/ports/media-keys.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { fingerprintOf, runOnce, type Answer } from '../idempotency/idempotency.service.ts';
import { requireVisibleTicket, type TicketRecord } from '../tickets/tickets.service.ts';
import { renderVariables } from './message-variables.ts';
import { requireServiceWindow } from './service-window.ts';
import { channelReadyUpload, isVoiceNote } from './voice-notes.ts';
import { parseMessageId, type MessageRecord } from './message.entity.ts';
import { getMessageRecord, attachChannelId } from './messages.repository.ts';
import { mediaTypeOf, vCardText, deliver, variableContext } from './message-delivery.service.ts';

/** Spec document 1 section 5: recordings under 10000 bytes are discarded. */
export const MIN_AUDIO_BYTES = 10_000;

export const sendMessage = async (
  auth: AuthContext,
  ticketId: number,
  body: SendMessageBody,
  clientKey?: string,
): Promise<Message> => {
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
    ...(clientKey ? { clientKey } : {}),
  });
};

/** The scope of agents' reply keys in their company's idempotency keys. */
export const REPLY_KEY_SCOPE = 'REPLY';

/**
 * POST /messages/{ticketId}: an agent's send, once per Idempotency-Key when the composer gives one. A retry of the
 * same reply (same agent, ticket and body) answers the first answer and stores, sends and announces nothing more; the
 * key with another reply is refused, and one still being sent answers that it is in progress.
 */
export const sendReply = async (
  auth: AuthContext,
  ticketId: number,
  body: SendMessageBody,
  idempotencyKey: string | undefined,
): Promise<Answer<Message>> => {
  if (idempotencyKey !== undefined && !replyIdempotencyKey.safeParse(idempotencyKey).success) {
    throw new AppError('ERR_VALIDATION', 'Invalid input', {
      fields: [{ path: 'headers.idempotency-key', message: 'A UUID' }],
    });
  }
  const key = idempotencyKey?.toLowerCase();
  const ref = key === undefined ? undefined : { companyId: auth.companyId, scope: REPLY_KEY_SCOPE, key };
  return runOnce(ref, fingerprintOf({ userId: auth.userId, ticketId, body }), async () => ({
    status: 201,
    body: await sendMessage(auth, ticketId, body, key),
  }));
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

/** Stores a private note on the ticket, by a user or (`userId` null) by the system: only the agents see it. */
export const deliverNote = (t: TicketRecord, contact: Contact, text: string, userId: number | null): Promise<Message> =>
  deliver(t, contact, {
    body: text,
    mediaType: 'chat',
    mediaKey: null,
    mediaName: null,
    isPrivate: true,
    isForwarded: false,
    quotedMsgId: null,
    userId,
  });

/** Stores a private note (e.g. a transfer message) on the ticket. */
export const addPrivateNote = async (t: TicketRecord, text: string, userId: number): Promise<Message | undefined> => {
  const contact = await getContact(t.companyId, t.contactId);
  if (!contact || !text.trim()) return undefined;
  return deliverNote(t, contact, text, userId);
};
