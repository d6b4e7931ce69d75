/**
 * Messages between channel drivers (the WhatsApp connector container, the Graph webhooks, the web chat) and the
 * platform. Every driver normalises its provider's payload into one InboundEvent and puts it on `inbound.fifo`
 * with MessageGroupId = connection + contact, so one conversation is processed in order.
 */
import { z } from 'zod';
import { channel } from './contracts/connections.ts';
import { mediaType } from './contracts/messages.ts';

/** Who the event is about, as the channel identifies them. */
export const inboundContact = z.object({
  /** the channel's stable identity: phone number, page-scoped id, web-chat visitor id */
  identity: z.string().min(1).max(100),
  name: z.string().max(250).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(50).optional(),
  urlPicture: z.string().max(2000).optional(),
  isGroup: z.boolean().default(false),
  /**
   * WhatsApp: the person's LID (`<digits>@lid`) when the identity is their phone number; a contact first stored
   * under the LID alone is renumbered to the phone, so one person stays one contact.
   */
  lid: z.string().max(100).optional(),
  /**
   * WhatsApp: when the connector last asked for the contact's profile picture (ISO), kept on the contact so that it
   * is asked again only after a refresh period; with `urlPicture` absent the answer was "no picture" (or private).
   */
  pictureCheckedAt: z.string().datetime().optional(),
});

const base = {
  companyId: z.number().int().positive(),
  connectionId: z.number().int().positive(),
  channel,
  contact: inboundContact,
  /** the provider's timestamp of the event (ISO) */
  at: z.string().datetime(),
};

export const inboundEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    ...base,
    /** the channel's message id: the key of idempotency */
    channelMessageId: z.string().min(1).max(200),
    fromMe: z.boolean().default(false),
    body: z.string().max(65536).default(''),
    mediaType: mediaType.default('chat'),
    media: z.object({ key: z.string(), name: z.string(), mimeType: z.string(), size: z.number().int() }).optional(),
    /** media still at the provider, by the driver's own reference: fetched into the blob store when the event is processed */
    mediaRef: z.string().min(1).max(2000).optional(),
    quotedChannelMessageId: z.string().max(200).optional(),
    /** a tapped bot menu button: the option's id for the bot, the body being the button's label */
    menuChoice: z.string().min(1).max(50).optional(),
    /** old history taken in by an import (importOldMessages): stored without greetings, notifications or live events */
    imported: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('ack'),
    ...base,
    channelMessageId: z.string().min(1).max(200),
    ack: z.number().int().min(0).max(5),
    /** the provider took the message but could not deliver it: the reason is stored on the message */
    error: z.string().max(500).optional(),
  }),
  z.object({ kind: z.literal('edit'), ...base, channelMessageId: z.string().min(1).max(200), body: z.string().max(65536) }),
  z.object({ kind: z.literal('delete'), ...base, channelMessageId: z.string().min(1).max(200) }),
  z.object({
    kind: z.literal('reaction'),
    ...base,
    channelMessageId: z.string().min(1).max(200),
    targetChannelMessageId: z.string().min(1).max(200),
    emoji: z.string().max(20),
  }),
  z.object({ kind: z.literal('contact'), ...base }),
  /**
   * A voice or video call of the contact ended: answered and hung up (`finished`), turned down (`rejected`) or
   * never answered (`missed`). The call's offer came before as a `call_log` message.
   */
  z.object({
    kind: z.literal('call'),
    ...base,
    /** the channel's call id: one call ends once */
    callId: z.string().min(1).max(200),
    isVideo: z.boolean().default(false),
    outcome: z.enum(['finished', 'rejected', 'missed']),
  }),
  /** a receipt without ids (Messenger, Instagram): every message we sent the contact up to `watermark` reached `ack` */
  z.object({
    kind: z.literal('watermark'),
    ...base,
    ack: z.union([z.literal(2), z.literal(3)]),
    watermark: z.string().datetime(),
  }),
  /**
   * The outcome of a send of ours made outside the core (the WhatsApp connector's socket), which settles the send's
   * claim as the core's own sender settles its sends: the provider took it (`sent`, with its `channelMessageId` and
   * `ack`), or it failed for good (`failed`, with the `error` stored on the message). A send to try again never comes this way: its claim is handed back before the retry.
   */
  z.object({
    kind: z.literal('sendResult'),
    ...base,
    /** our message's public id */
    messageId: z.string().min(1).max(100),
    /** the claim the attempt held (the message's sendAttemptAt) */
    claimedAt: z.string().datetime(),
    /** the contact the send went to, as the send named it */
    contactId: z.number().int().positive(),
    outcome: z.enum(['sent', 'failed']),
    channelMessageId: z.string().min(1).max(200).optional(),
    ack: z.number().int().min(0).max(5).optional(),
    error: z.string().max(500).optional(),
    /** the digest of the body the claim read: an edit made while the send was out still reaches the customer */
    bodyDigest: z.string().max(100),
  }),
]);
export type InboundEvent = z.infer<typeof inboundEvent>;
export type SendResultEvent = Extract<InboundEvent, { kind: 'sendResult' }>;
export type InboundMessageEvent = Extract<InboundEvent, { kind: 'message' }>;
export type InboundCallEvent = Extract<InboundEvent, { kind: 'call' }>;

/**
 * The FIFO group of an event: one conversation (connection + contact) is processed in order. The results of our own
 * sends have a group of their own beside it: a receipt that overtook its send's result waits (InboundNotReady) in the
 * conversation's group, and would hold the result up if it came in the same one.
 */
export const inboundGroupId = (
  e: Pick<InboundEvent, 'companyId' | 'connectionId' | 'contact'> & { kind?: InboundEvent['kind'] },
): string => `${e.kind === 'sendResult' ? 'sends:' : ''}${e.companyId}:${e.connectionId}:${e.contact.identity}`.slice(0, 128);

/** The FIFO deduplication id: a driver that sends the same event twice within 5 minutes is deduplicated by SQS. */
export const inboundDeduplicationId = (e: InboundEvent): string =>
  (e.kind === 'sendResult'
    ? `${e.kind}:${e.connectionId}:${e.messageId}:${Date.parse(e.claimedAt)}`
    : `${e.kind}:${e.connectionId}:${'channelMessageId' in e ? e.channelMessageId : e.kind === 'call' ? e.callId : e.contact.identity}${e.kind === 'ack' || e.kind === 'watermark' ? `:${e.ack}` : ''}${e.kind === 'watermark' ? `:${Date.parse(e.watermark)}` : ''}`
  )
    .replace(/[^\x21-\x7e]/g, '_')
    .slice(0, 128);

/**
 * A send on `outbound.fifo`. It carries ids only: the consumer reads the stored message, so an edit or a delete
 * made while the send waited is what counts.
 */
export const outboundSend = z.object({
  kind: z.literal('send'),
  companyId: z.number().int().positive(),
  connectionId: z.number().int().positive(),
  channel,
  contactId: z.number().int().positive(),
  /** our message id (`<ticketId>-<ulid>`) */
  messageId: z.string().min(1).max(64),
});
export type OutboundSend = z.infer<typeof outboundSend>;

/** The FIFO group of a send: one conversation (company + connection + contact) is sent in order. */
export const outboundGroupId = (s: Pick<OutboundSend, 'companyId' | 'connectionId' | 'contactId'>): string =>
  `${s.companyId}:${s.connectionId}:${s.contactId}`;

/** The FIFO deduplication id of a send: the message id, so queuing the same message twice sends it once. */
export const outboundDeduplicationId = (s: Pick<OutboundSend, 'messageId'>): string => s.messageId;

/**
 * A command on `connector-commands` for one WhatsApp session: start (or try again), restart, newQr (forget the
 * pairing and show a new QR code), disconnect (log out, stays DISCONNECTED), remove (the connection was deleted:
 * log out and forget its auth state), suspend (close it, keeping the pairing: the company is inactive).
 */
export const sessionCommandKinds = ['start', 'restart', 'newQr', 'disconnect', 'remove', 'suspend'] as const;
export const sessionCommand = z.object({
  kind: z.enum(sessionCommandKinds),
  companyId: z.number().int().positive(),
  connectionId: z.number().int().positive(),
  /** when it was asked (ISO): a command older than the session's latest change of intent is stale */
  at: z.string().datetime(),
});
export type SessionCommand = z.infer<typeof sessionCommand>;

/**
 * A request on `connector-commands` to look up, over one WhatsApp session, whether the numbers of a contact list
 * that still wait for a check are on WhatsApp. It carries ids only: the connector reads the pending items (at most
 * a batch) and records each answer (contact-list-checks.service.ts), then asks for the next batch.
 */
export const numberCheckCommand = z.object({
  kind: z.literal('checkNumbers'),
  companyId: z.number().int().positive(),
  connectionId: z.number().int().positive(),
  contactListId: z.number().int().positive(),
  /** how many times the check found the session unavailable before */
  attempt: z.number().int().min(0).max(1000),
  at: z.string().datetime(),
});
export type NumberCheckCommand = z.infer<typeof numberCheckCommand>;

/**
 * A request on `connector-commands` to look one number up over one WhatsApp session before a ticket is opened or a
 * message sent to it: the connector writes the answer (on WhatsApp or not, and the number WhatsApp knows the account
 * by) to the table, where the function that asked waits for it for a bounded time.
 */
export const numberLookupCommand = z.object({
  kind: z.literal('checkNumber'),
  companyId: z.number().int().positive(),
  connectionId: z.number().int().positive(),
  /** digits only */
  number: z.string().regex(/^\d{8,50}$/),
  at: z.string().datetime(),
});
export type NumberLookupCommand = z.infer<typeof numberLookupCommand>;

/**
 * A request on `connector-commands` to carry an agent's edit or delete of a message WhatsApp already has over the
 * session that sent it: only the connector holds the sockets. It carries ids only: the connector reads the stored
 * message, so of several edits the latest text goes out, and an edit read after the message was deleted is dropped.
 */
export const messageChangeCommand = z.object({
  kind: z.literal('changeMessage'),
  change: z.enum(['edit', 'delete']),
  companyId: z.number().int().positive(),
  connectionId: z.number().int().positive(),
  contactId: z.number().int().positive(),
  /** our message id (`<ticketId>-<ulid>`) */
  messageId: z.string().min(1).max(64),
  /** when the agent made the change (ISO): the session is waited for within a window from then */
  at: z.string().datetime(),
});
export type MessageChangeCommand = z.infer<typeof messageChangeCommand>;

/**
 * A request on `connector-commands` to take the people of a WhatsApp session's chats in as contacts (POST
 * /contacts/import/chats): the connector, which learns the chats as the session receives them, creates the missing
 * contacts and tells the company's admins how many it created.
 */
export const chatImportCommand = z.object({
  kind: z.literal('importChats'),
  companyId: z.number().int().positive(),
  connectionId: z.number().int().positive(),
  at: z.string().datetime(),
});
export type ChatImportCommand = z.infer<typeof chatImportCommand>;
