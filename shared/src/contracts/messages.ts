/**
 * Messages of a ticket (spec document 1, sections 3 to 9): what is stored and shown, and the calls that list, send,
 * edit and forward them.
 */
import { z } from 'zod';
import { cursorPageNumber, idParam } from './common.ts';
import { ticket } from './tickets.ts';
import { MESSAGE_MEDIA_MAX_BYTES, storedUploadKey, uploadBody } from './uploads.ts';

export const mediaTypes = [
  'chat',
  'image',
  'audio',
  'video',
  'application',
  'locationMessage',
  'contactMessage',
  'reactionMessage',
  'call_log',
] as const;
export const mediaType = z.enum(mediaTypes);
export type MediaType = z.infer<typeof mediaType>;

export const botMenuKinds = ['button', 'list'] as const;
export const botMenu = z.object({
  kind: z.enum(botMenuKinds),
  options: z
    .array(z.object({ id: z.string().min(1).max(200), title: z.string().min(1).max(200) }))
    .min(1)
    .max(100),
});
export type BotMenu = z.infer<typeof botMenu>;

export const message = z.object({
  id: z.string(),
  ticketId: z.number().int(),
  contactId: z.number().int().nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  mediaType: mediaType,
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  ack: z.number().int().min(0).max(5),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  isPrivate: z.boolean(),
  quotedMsg: z
    .object({ id: z.string(), body: z.string(), fromMe: z.boolean(), mediaType: mediaType, isDeleted: z.boolean() })
    .nullable(),
  /** the agent who sent it, for outgoing messages */
  userId: z.number().int().nullable(),
  /** why a send failed, kept on the message instead of losing it */
  error: z.string().nullable(),
  /** the Idempotency-Key an agent's reply was sent with: the composer's waiting reply this message stands for */
  clientKey: z.string().optional(),
  /** a WhatsApp template sent through the Cloud API: its name, language and the texts of its placeholders */
  template: z
    .object({ name: z.string(), language: z.string(), params: z.array(z.string()), headerParams: z.array(z.string()).optional() })
    .nullable()
    .optional(),
  /**
   * A bot menu offered as buttons or a list (company option chatBotType) where the channel can show them: each
   * option's id is what the customer would type (`1`, `#`, `sair`). The body keeps the menu as text for the rest.
   */
  menu: botMenu.nullable().optional(),
  /** an agent's recording in Ogg/Opus, sent as a voice note where the channel has them (not as an audio file) */
  isVoiceNote: z.boolean().optional(),
  /**
   * A customer's tap on a bot menu button: the option's id, which the bot reads as if typed, while the body keeps
   * the button's label, what the customer saw and the agents read.
   */
  menuChoice: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof message>;

/** Message acks (server reference 1.4): 1 the channel took it, 2 delivered to the device, 3 read. */
export const ACK_SENT = 1;
export const ACK_DELIVERED = 2;
export const ACK_READ = 3;

export const messageListQuery = z.object({
  pageNumber: cursorPageNumber,
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
/** `/messages/{id}`: the ticket's id (API Gateway takes one variable name per path position, and DELETE's is a message's). */
export const messageListParams = z.object({ id: idParam });
export const messageListResponse = z.object({
  messages: z.array(message),
  ticket: ticket,
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});

export const vCard = z.object({ name: z.string().trim().min(1).max(100), number: z.string().trim().min(8).max(50) });

export const sendMessageBody = z
  .object({
    body: z.string().max(4096).default(''),
    quotedMsg: z.object({ id: z.string().min(10).max(40) }).optional(),
    isPrivate: z.boolean().default(false),
    vCard: vCard.optional(),
    /** a file uploaded through the upload URL (media key) with its original name and MIME type */
    media: uploadBody({
      style: 'attachment',
      use: 'message',
      extra: {
        key: storedUploadKey,
        /** recorded for this message (the composer's microphone): goes out as a voice note when it is Opus audio */
        voiceNote: z.boolean().optional(),
      },
    }).optional(),
  })
  .refine((v) => v.body.trim().length > 0 || v.vCard !== undefined || v.media !== undefined, {
    message: 'Empty message',
    path: ['body'],
  });
export type SendMessageBody = z.infer<typeof sendMessageBody>;
/**
 * The `Idempotency-Key` header of POST /messages/{ticketId}: a UUID the composer gives a reply when it is typed, so a
 * send retried after a failing network stores and sends it once.
 */
export const replyIdempotencyKey = z.uuid();

/** POST /messages/{ticketId}/template: an approved Cloud API template, with one text per placeholder of its body. */
export const sendTemplateBody = z.object({
  name: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
  params: z.array(z.string().trim().min(1).max(1024)).max(20).default([]),
  /** the text header's parameter, when the template's header has one */
  headerParams: z.array(z.string().trim().min(1).max(60)).max(1).optional(),
});
export type SendTemplateBody = z.infer<typeof sendTemplateBody>;

export const uploadUrlBody = uploadBody({ style: 'attachment', use: 'message', maxBytes: MESSAGE_MEDIA_MAX_BYTES });
export const uploadUrlResponse = z.object({ key: z.string(), uploadUrl: z.string(), headers: z.record(z.string(), z.string()) });

export const editMessageParams = z.object({ messageId: z.string().min(10).max(40), ticketId: idParam });
export const editMessageBody = z.object({ body: z.string().trim().min(1).max(4096) });
export const messageIdParams = z.object({ id: z.string().min(10).max(40) });
export const forwardMessageBody = z.object({
  messageId: z.string().min(10).max(40),
  contactId: z.number().int().positive(),
  signMessage: z.boolean().optional(),
});
