/**
 * Baileys' payloads as our InboundEvents: pure functions, no socket, no store. The bridge resolves who a message is
 * about (LID to phone, group subject) and downloads media; everything about WhatsApp's message shapes is here.
 * Server reference 1.1 and 1.4: status broadcasts, protocol and stub messages are dropped except edits and deletes;
 * reactions point at the reacted message; acks only move forward (the pipeline keeps them from going back).
 */
import {
  normalizeMessageContent,
  proto,
  WAMessageStubType,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import type { InboundCallEvent, InboundEvent, InboundMessageEvent } from '@switchboard/shared/connector';
import type { MediaType } from '@switchboard/shared/contracts/messages';
import { isGroupJid, isIgnoredChat } from './jids.ts';

type InboundContact = InboundEvent['contact'];

/** What the bridge resolved for one message before it is normalised. */
export interface MessageContext {
  companyId: number;
  connectionId: number;
  /** the conversation's contact: the person for a 1:1 chat, the group for a group */
  contact: InboundContact;
  /** in a group, who wrote the message (push name or number); it prefixes the text */
  senderName?: string;
  /** when a message carries no timestamp */
  now: Date;
}

/** A media message's file, to be downloaded by the bridge before the event goes out. */
export interface MediaRef {
  mimeType: string;
  fileName: string;
  /** the size WhatsApp announces, when it does (checked before downloading) */
  size?: number;
}

export type Normalised = { event: InboundEvent; media?: undefined } | { event: InboundMessageEvent; media: MediaRef };

/** Who a message is about, as WhatsApp addresses it (before the bridge resolves LIDs). */
export interface Addressing {
  chatJid: string;
  isGroup: boolean;
  /** the person: the chat itself in a 1:1, the participant in a group */
  personJid?: string;
  /** the person's other address (phone for a LID, LID for a phone), when WhatsApp gives it */
  personAltJid?: string;
}

type KeyWithAlts = WAMessageKey & { senderPn?: string; senderLid?: string; participantPn?: string; participantLid?: string };

/** Where a message belongs; undefined for chats we never take in (status, broadcast lists, channels). */
export const addressingOf = (key: WAMessageKey): Addressing | undefined => {
  const k = key as KeyWithAlts;
  const chatJid = k.remoteJid ?? undefined;
  if (!chatJid || isIgnoredChat(chatJid)) return undefined;
  if (isGroupJid(chatJid)) {
    return {
      chatJid,
      isGroup: true,
      personJid: k.participant ?? undefined,
      personAltJid: k.participantAlt ?? k.participantPn ?? k.participantLid ?? undefined,
    };
  }
  return { chatJid, isGroup: false, personJid: chatJid, personAltJid: k.remoteJidAlt ?? k.senderPn ?? k.senderLid ?? undefined };
};

const seconds = (v: WAMessage['messageTimestamp']): number | undefined => {
  if (v === null || v === undefined) return undefined;
  const n = typeof v === 'number' ? v : Number(v.toString());
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

export const timestampOf = (msg: Pick<WAMessage, 'messageTimestamp'>, now: Date): string => {
  const s = seconds(msg.messageTimestamp);
  return (s ? new Date(s * 1000) : now).toISOString();
};

/** Reference 1.4: a location is its map link, then its name and address when it has them. */
export const locationBody = (loc: proto.Message.ILocationMessage | proto.Message.ILiveLocationMessage): string => {
  const lat = loc.degreesLatitude ?? 0;
  const lng = loc.degreesLongitude ?? 0;
  const place = 'name' in loc ? [loc.name, loc.address].filter(Boolean).join(', ') : '';
  return [`https://maps.google.com/maps?q=${lat}%2C${lng}&z=17`, place].filter(Boolean).join('\n');
};

const extensionOf = (mimeType: string): string => {
  const base = mimeType.split(';')[0]!.trim().toLowerCase();
  const known: Record<string, string> = {
    'image/jpeg': 'jpg',
    'audio/mpeg': 'mp3',
    'audio/mp4': 'm4a',
    'audio/ogg': 'ogg',
    'video/quicktime': 'mov',
    'video/3gpp': '3gp',
    'text/plain': 'txt',
    'text/vcard': 'vcf',
  };
  return known[base] ?? base.split('/')[1]?.replace(/[^a-z0-9]/g, '') ?? 'bin';
};

/** The name a received file is stored under. */
const fileNameFor = (prefix: string, id: string, mimeType: string, given?: string | null): string =>
  given?.trim() ? given.trim() : `${prefix}-${id}.${extensionOf(mimeType)}`;

/** protobuf's 64-bit numbers (Long) print as their decimal value */
type Long = { toString(): string };
const sizeOf = (v: number | Long | null | undefined): number | undefined => {
  if (v === null || v === undefined) return undefined;
  const n = typeof v === 'number' ? v : Number(v.toString());
  return Number.isFinite(n) ? n : undefined;
};

interface Parsed {
  mediaType: MediaType;
  body: string;
  media?: MediaRef;
  contextInfo?: proto.IContextInfo | null;
}

/** What a media content carries besides its bytes (an audio or a sticker has no caption). */
interface MediaContent {
  mimetype?: string | null;
  caption?: string | null;
  contextInfo?: proto.IContextInfo | null;
  fileLength?: number | Long | null;
}

/**
 * A media content with its file: its MIME type (`fallback` when it names none) and the name it is stored under (its
 * own, `given`, else `<prefix>-<id>.<ext>`). Its caption is the body; a document without one reads as its name (the
 * web app shows the name once, not twice).
 */
const mediaContent = (
  mediaType: MediaType,
  m: MediaContent,
  id: string,
  prefix: string,
  fallback: string,
  given?: string | null,
): Parsed => {
  const mimeType = m.mimetype ?? fallback;
  const fileName = fileNameFor(prefix, id, mimeType, given);
  return {
    mediaType,
    body: mediaType === 'application' ? m.caption || fileName : (m.caption ?? ''),
    contextInfo: m.contextInfo,
    media: { mimeType, fileName, size: sizeOf(m.fileLength) },
  };
};

/** The text, media and quote of a message's content; undefined for content we do not take in. */
const parseContent = (c: proto.IMessage, id: string): Parsed | undefined => {
  if (c.conversation) return { mediaType: 'chat', body: c.conversation };
  if (c.extendedTextMessage)
    return { mediaType: 'chat', body: c.extendedTextMessage.text ?? '', contextInfo: c.extendedTextMessage.contextInfo };
  if (c.imageMessage) return mediaContent('image', c.imageMessage, id, 'image', 'image/jpeg');
  if (c.videoMessage) return mediaContent('video', c.videoMessage, id, 'video', 'video/mp4');
  if (c.audioMessage)
    return mediaContent('audio', c.audioMessage, id, c.audioMessage.ptt ? 'voice' : 'audio', 'audio/ogg; codecs=opus');
  if (c.documentMessage) {
    const m = c.documentMessage;
    return mediaContent('application', m, id, 'document', 'application/octet-stream', m.fileName ?? m.title);
  }
  if (c.stickerMessage) return mediaContent('image', c.stickerMessage, id, 'sticker', 'image/webp');
  if (c.locationMessage)
    return { mediaType: 'locationMessage', body: locationBody(c.locationMessage), contextInfo: c.locationMessage.contextInfo };
  if (c.liveLocationMessage)
    return {
      mediaType: 'locationMessage',
      body: locationBody(c.liveLocationMessage),
      contextInfo: c.liveLocationMessage.contextInfo,
    };
  if (c.contactMessage)
    return { mediaType: 'contactMessage', body: c.contactMessage.vcard ?? '', contextInfo: c.contactMessage.contextInfo };
  if (c.contactsArrayMessage) {
    const cards = (c.contactsArrayMessage.contacts ?? []).map((x) => x.vcard ?? '').filter(Boolean);
    return { mediaType: 'contactMessage', body: cards.join('\n'), contextInfo: c.contactsArrayMessage.contextInfo };
  }
  // answers to menus sent as buttons or lists read as the option chosen
  if (c.buttonsResponseMessage)
    return {
      mediaType: 'chat',
      body: c.buttonsResponseMessage.selectedDisplayText ?? c.buttonsResponseMessage.selectedButtonId ?? '',
      contextInfo: c.buttonsResponseMessage.contextInfo,
    };
  if (c.listResponseMessage)
    return {
      mediaType: 'chat',
      body: c.listResponseMessage.title ?? c.listResponseMessage.singleSelectReply?.selectedRowId ?? '',
      contextInfo: c.listResponseMessage.contextInfo,
    };
  if (c.templateButtonReplyMessage)
    return {
      mediaType: 'chat',
      body: c.templateButtonReplyMessage.selectedDisplayText ?? '',
      contextInfo: c.templateButtonReplyMessage.contextInfo,
    };
  return undefined;
};

/** The plain text of an edited message's new content. */
const editedText = (c: proto.IMessage | null | undefined): string => {
  const inner = normalizeMessageContent(c);
  if (!inner) return '';
  return (
    inner.conversation ??
    inner.extendedTextMessage?.text ??
    inner.imageMessage?.caption ??
    inner.videoMessage?.caption ??
    inner.documentMessage?.caption ??
    ''
  );
};

const withSender = (body: string, ctx: MessageContext, fromMe: boolean): string =>
  ctx.contact.isGroup && !fromMe && ctx.senderName ? (body ? `*${ctx.senderName}:*\n${body}` : `*${ctx.senderName}:*`) : body;

/**
 * One message of `messages.upsert` (or of a history sync) as its event: a message, an edit, a delete or a
 * reaction. Undefined for what is not taken in (status, protocol and stub messages, polls and other kinds).
 */
export const normaliseMessage = (msg: WAMessage, ctx: MessageContext): Normalised | undefined => {
  const id = msg.key.id;
  if (!id || !addressingOf(msg.key)) return undefined;
  const fromMe = !!msg.key.fromMe;
  const base = {
    companyId: ctx.companyId,
    connectionId: ctx.connectionId,
    channel: 'whatsapp' as const,
    contact: ctx.contact,
    at: timestampOf(msg, ctx.now),
  };

  // an older form of a remote delete: the message replaced by a REVOKE stub
  if (msg.messageStubType === WAMessageStubType.REVOKE && !msg.message)
    return { event: { kind: 'delete', ...base, channelMessageId: id } };
  const content = normalizeMessageContent(msg.message);
  if (!content) return undefined;

  const protocol = content.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (!target) return undefined;
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE)
      return { event: { kind: 'delete', ...base, channelMessageId: target } };
    if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
      return {
        event: {
          kind: 'edit',
          ...base,
          channelMessageId: target,
          body: withSender(editedText(protocol.editedMessage), ctx, fromMe),
        },
      };
    }
    return undefined;
  }

  if (content.reactionMessage) {
    const r = content.reactionMessage;
    // a removed reaction (empty text) is not a message of its own
    if (!r.key?.id || !r.text) return undefined;
    return { event: { kind: 'reaction', ...base, channelMessageId: id, targetChannelMessageId: r.key.id, emoji: r.text } };
  }

  const parsed = parseContent(content, id);
  if (!parsed) return undefined;
  const quoted = parsed.contextInfo?.stanzaId ?? undefined;
  const event: InboundMessageEvent = {
    kind: 'message',
    ...base,
    channelMessageId: id,
    fromMe,
    body: withSender(parsed.body, ctx, fromMe),
    mediaType: parsed.mediaType,
    ...(quoted ? { quotedChannelMessageId: quoted } : {}),
  };
  return parsed.media ? { event, media: parsed.media } : { event };
};

/**
 * Baileys' message status as our ack (spec: 0 pending, 1 sent, 2 delivered, 3 read, 4 played); undefined for
 * ERROR and unknown values. Baileys counts from ERROR = 0, so ours is one less.
 */
export const ackOfStatus = (status: number | null | undefined): number | undefined => {
  if (status === null || status === undefined) return undefined;
  const S = proto.WebMessageInfo.Status;
  if (status < S.PENDING || status > S.PLAYED) return undefined;
  return status - 1;
};

/** A `messages.update` entry as an ack of one of our messages; edits and deletes come through the upsert instead. */
export const normaliseUpdate = (u: WAMessageUpdate, ctx: Omit<MessageContext, 'senderName'>): InboundEvent | undefined => {
  const id = u.key.id;
  const ack = ackOfStatus(u.update.status);
  // a read receipt of a message the customer sent is ours, not theirs: nothing to store
  if (!id || ack === undefined || !u.key.fromMe || !addressingOf(u.key)) return undefined;
  return {
    kind: 'ack',
    companyId: ctx.companyId,
    connectionId: ctx.connectionId,
    channel: 'whatsapp',
    contact: ctx.contact,
    at: ctx.now.toISOString(),
    channelMessageId: id,
    ack,
  };
};

/**
 * A call offer as a call log in the caller's conversation (one per call: the offer, not the ringing or the end).
 * Group calls are not logged.
 */
export const normaliseCall = (call: WACallEvent, ctx: Omit<MessageContext, 'senderName'>): InboundMessageEvent | undefined => {
  if (call.status !== 'offer' || call.isGroup || !call.id) return undefined;
  return {
    kind: 'message',
    companyId: ctx.companyId,
    connectionId: ctx.connectionId,
    channel: 'whatsapp',
    contact: ctx.contact,
    at: (call.date instanceof Date && !Number.isNaN(call.date.getTime()) ? call.date : ctx.now).toISOString(),
    channelMessageId: `call-${call.id}`,
    fromMe: false,
    body: call.isVideo ? 'video' : '',
    mediaType: 'call_log',
  };
};

/** How a call ended, by the status Baileys gives its last event; the offer, ringing and answer are not an end. */
const CALL_OUTCOMES: Partial<Record<WACallEvent['status'], InboundCallEvent['outcome']>> = {
  terminate: 'finished',
  reject: 'rejected',
  timeout: 'missed',
};

/** The end of a contact's call (hung up, turned down or unanswered), for the platform's call reply. Group calls get none. */
export const normaliseCallEnd = (call: WACallEvent, ctx: Omit<MessageContext, 'senderName'>): InboundCallEvent | undefined => {
  const outcome = CALL_OUTCOMES[call.status];
  if (!outcome || call.isGroup || !call.id) return undefined;
  return {
    kind: 'call',
    companyId: ctx.companyId,
    connectionId: ctx.connectionId,
    channel: 'whatsapp',
    contact: ctx.contact,
    at: (call.date instanceof Date && !Number.isNaN(call.date.getTime()) ? call.date : ctx.now).toISOString(),
    callId: call.id,
    isVideo: call.isVideo === true,
    outcome,
  };
};
