/**
 * Contracts of the inbox (spec document 1, sections 3 to 9): contacts, tickets, messages, notes, logs, tags,
 * and the summaries of queues, users and connections they refer to.
 */
import { z } from 'zod';
import { refineUpload } from '../media-types.ts';
import { cursorPageNumber, idParam } from './common.ts';
import { scheduleEntry } from './queues.ts';

export const channelNames = ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'webchat'] as const;
export const channel = z.enum(channelNames);
export type Channel = z.infer<typeof channel>;

export const ticketStatuses = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;
export const ticketStatus = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatus>;
/** statuses in which a contact's conversation on a connection is still running (one ticket at a time) */
export const activeStatuses: readonly TicketStatus[] = ['pending', 'open', 'group', 'lgpd', 'nps'];

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

export const queueSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** the queue's first-response target in minutes, as it was when the ticket entered the queue (absent: none) */
  firstResponseMinutes: z.number().int().optional(),
});
export type QueueSummary = z.infer<typeof queueSummary>;
export const userSummary = z.object({ id: z.number().int(), name: z.string() });
export type UserSummary = z.infer<typeof userSummary>;
export const tagSummary = z.object({ id: z.number().int(), name: z.string(), color: z.string(), kanban: z.number().int() });
export type TagSummary = z.infer<typeof tagSummary>;
export const connectionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  channel,
  groupAsTicket: z.enum(['enabled', 'disabled']),
});
export type ConnectionSummary = z.infer<typeof connectionSummary>;

export const extraInfo = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1).max(100),
  value: z.string().max(1000),
});

export const contact = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  urlPicture: z.string().nullable(),
  active: z.boolean(),
  disableBot: z.boolean(),
  acceptAudioMessage: z.boolean(),
  lgpdAcceptedAt: z.string().nullable(),
  channel,
  isGroup: z.boolean(),
  tags: z.array(tagSummary),
  extraInfo: z.array(extraInfo),
  whatsappId: z.number().int().nullable(),
  /**
   * When a WhatsApp session confirmed that the number has an account (or the contact wrote from it), so opening a
   * ticket does not ask again; null or absent: never confirmed (a changed number is confirmed afresh).
   */
  whatsappCheckedAt: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contact>;

export const ticket = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: ticketStatus,
  queueId: z.number().int().nullable(),
  queue: queueSummary.nullable(),
  userId: z.number().int().nullable(),
  user: userSummary.nullable(),
  contactId: z.number().int(),
  contact: contact
    .pick({ id: true, name: true, number: true, urlPicture: true, channel: true, isGroup: true, active: true, email: true })
    .extend({
      tags: z.array(tagSummary),
    }),
  whatsappId: z.number().int(),
  whatsapp: connectionSummary,
  channel,
  isGroup: z.boolean(),
  isBot: z.boolean(),
  useIntegration: z.boolean(),
  tags: z.array(tagSummary),
  lastMessage: z.string(),
  fromMe: z.boolean(),
  unreadMessages: z.number().int(),
  amountUsedBotQueues: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  /**
   * Meta channels (Cloud API, Messenger, Instagram): until when free-form messages may be sent, 24 hours after the
   * customer's last message; null when the customer never wrote (templates only). Absent on other channels.
   */
  serviceWindowEndsAt: z.string().nullable().optional(),
  /** when an agent first answered in this ticket (the queue's first-response target stops counting) */
  firstReplyAt: z.string().nullable().optional(),
  /** when the queue's first-response target ran out without an answer */
  firstResponseOverdueAt: z.string().nullable().optional(),
});
export type Ticket = z.infer<typeof ticket>;

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

export const ticketNote = z.object({
  id: z.string(),
  note: z.string(),
  ticketId: z.number().int(),
  contactId: z.number().int(),
  user: userSummary,
  createdAt: z.string(),
});
export type TicketNote = z.infer<typeof ticketNote>;

export const ticketLogTypes = [
  'create',
  'chatBot',
  'queue',
  'open',
  'access',
  'transfered',
  'receivedTransfer',
  'pending',
  'closed',
  'reopen',
  'redirect',
  'delete',
  'lgpd',
  'nps',
  'clientClosed',
  'autoClose',
  'autoReturnQueue',
  'rotation',
] as const;
export const ticketLog = z.object({
  id: z.string(),
  type: z.enum(ticketLogTypes),
  ticketId: z.number().int(),
  user: userSummary.nullable(),
  queue: queueSummary.nullable(),
  createdAt: z.string(),
});
export type TicketLog = z.infer<typeof ticketLog>;

// ----- tickets: calls -----

/**
 * A list in a query string, as the spec's client sends it: JSON (`[1,2]`, `"open"`) or comma-separated (`1,2`).
 * Text that opens like JSON but does not parse answers 400 on the field, never a server error.
 */
export const queryList = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'string') return v;
    if (!/^\s*[[{"]/.test(v)) return v.split(',');
    try {
      const parsed: unknown = JSON.parse(v);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Malformed JSON' });
      return z.NEVER;
    }
  }, z.array(item).max(max).optional());

const jsonIdList = queryList(z.coerce.number().int().positive(), 100);

const booleanText = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());

export const ticketListQuery = z.object({
  status: z.enum(['open', 'pending', 'closed', 'group', 'search']).default('open'),
  searchParam: z.string().trim().max(100).optional(),
  searchOnMessages: booleanText,
  showAll: booleanText,
  withUnreadMessages: booleanText,
  queueIds: jsonIdList,
  tags: jsonIdList,
  users: jsonIdList,
  whatsapps: jsonIdList,
  statusFilter: queryList(ticketStatus, 10),
  sortTickets: z.enum(['ASC', 'DESC']).default('DESC'),
  pageNumber: cursorPageNumber,
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

export const ticketListResponse = z.object({
  tickets: z.array(ticket),
  count: z.number().int(),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});

export const ticketIdParams = z.object({ id: idParam });
export const ticketUuidParams = z.object({ uuid: z.string().uuid() });

export const createTicketBody = z.object({
  contactId: z.number().int().positive(),
  queueId: z.number().int().positive({ message: 'Selecione uma fila' }),
  whatsappId: z.number().int().positive().optional(),
  userId: z.number().int().positive().optional(),
  status: z.literal('open').optional(),
});

/** Details carried by ERR_OTHER_OPEN_TICKET: who holds the contact's running ticket. */
export const otherOpenTicket = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: ticketStatus,
  userId: z.number().int().nullable(),
  user: userSummary.nullable(),
  queue: queueSummary.nullable(),
});

export const updateTicketBody = z
  .object({
    status: ticketStatus.optional(),
    userId: z.number().int().positive().nullable().optional(),
    queueId: z.number().int().positive().nullable().optional(),
    sendFarewellMessage: z.boolean().optional(),
    amountUsedBotQueues: z.number().int().min(0).optional(),
    msgTransfer: z.string().max(4000).optional(),
    isTransfered: z.boolean().optional(),
    useIntegration: z.boolean().optional(),
    isBot: z.boolean().optional(),
  })
  .strict();
export type UpdateTicketBody = z.infer<typeof updateTicketBody>;

export const closeAllBody = z.object({
  status: z.enum(['open', 'pending']),
  selectedQueueIds: z.array(z.number().int().positive()).max(100).default([]),
});

export const ticketTagParams = z.object({ ticketId: idParam, tagId: idParam });
export const ticketTagsParams = z.object({ ticketId: idParam });

export const noteListQuery = z.object({
  ticketId: z.coerce.number().int().positive(),
  contactId: z.coerce.number().int().positive(),
});
export const createNoteBody = z.object({
  note: z.string().trim().min(2, 'Too Short!').max(4000),
  ticketId: z.number().int().positive(),
  contactId: z.number().int().positive(),
});
export const noteIdParams = z.object({ id: z.string().min(10).max(40) });

// ----- messages: calls -----

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
    media: z
      .object({
        key: z.string().min(1).max(300),
        name: z.string().min(1).max(255),
        mimeType: z.string().min(3).max(100),
        size: z.number().int().positive(),
        /** recorded for this message (the composer's microphone): goes out as a voice note when it is Opus audio */
        voiceNote: z.boolean().optional(),
      })
      .superRefine(refineUpload('message'))
      .optional(),
  })
  .refine((v) => v.body.trim().length > 0 || v.vCard !== undefined || v.media !== undefined, {
    message: 'Empty message',
    path: ['body'],
  });
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** POST /messages/{ticketId}/template: an approved Cloud API template, with one text per placeholder of its body. */
export const sendTemplateBody = z.object({
  name: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
  params: z.array(z.string().trim().min(1).max(1024)).max(20).default([]),
  /** the text header's parameter, when the template's header has one */
  headerParams: z.array(z.string().trim().min(1).max(60)).max(1).optional(),
});
export type SendTemplateBody = z.infer<typeof sendTemplateBody>;

/** The largest file sent in a conversation, by an agent or a website visitor. */
export const MESSAGE_MEDIA_MAX_BYTES = 64 * 1024 * 1024;

export const uploadUrlBody = z
  .object({
    name: z.string().min(1).max(255),
    mimeType: z.string().min(3).max(100),
    size: z.number().int().positive().max(MESSAGE_MEDIA_MAX_BYTES),
  })
  .superRefine(refineUpload('message'));
export const uploadUrlResponse = z.object({ key: z.string(), uploadUrl: z.string(), headers: z.record(z.string(), z.string()) });

export const editMessageParams = z.object({ messageId: z.string().min(10).max(40), ticketId: idParam });
export const editMessageBody = z.object({ body: z.string().trim().min(1).max(4096) });
export const messageIdParams = z.object({ id: z.string().min(10).max(40) });
export const forwardMessageBody = z.object({
  messageId: z.string().min(10).max(40),
  contactId: z.number().int().positive(),
  signMessage: z.boolean().optional(),
});

// ----- contacts: calls -----

export const contactListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  channel: channel.optional(),
  isGroup: booleanText,
  contactTag: jsonIdList,
  pageNumber: cursorPageNumber,
  cursor: z.string().max(2048).optional(),
  rowsPerPage: z.coerce
    .number()
    .int()
    .refine((n) => [10, 20, 30, 50].includes(n), 'rowsPerPage must be 10, 20, 30 or 50')
    .default(10),
});
export const contactListResponse = z.object({
  contacts: z.array(contact),
  count: z.number().int(),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export const contactIdParams = z.object({ id: idParam });

const contactName = z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(250, 'Too Long!');
const contactNumber = z.string({ error: 'Required' }).trim().min(8, 'Too Short!').max(50, 'Too Long!');

/** Message acks (server reference 1.4): 1 the channel took it, 2 delivered to the device, 3 read. */
export const ACK_SENT = 1;
export const ACK_DELIVERED = 2;
export const ACK_READ = 3;
/** A phone number is stored as its digits (formatting dropped) and needs at least this many of them. */
export const MIN_PHONE_DIGITS = 8;
export const phoneDigits = (number: string): string => number.replace(/\D/g, '');
/** The channels whose contacts are phone numbers (WhatsApp, by session or Cloud API). */
export const isPhoneChannel = (channel: string): boolean => channel === 'whatsapp' || channel === 'whatsappapi';
/** The extra info entry that keeps the phone a contact gave when its identity is not a phone number (the web chat form). */
export const PHONE_INFO_NAME = 'phone';
/**
 * The phone a contact gave besides its identity: a web chat visitor's, or that of any contact whose channel does not
 * know people by phone number and whose extra info names one. Phone channels' contacts are their number already.
 */
export const givenPhone = (contact: {
  channel: string;
  extraInfo?: readonly { name: string; value: string }[];
}): string | undefined =>
  isPhoneChannel(contact.channel)
    ? undefined
    : contact.extraInfo?.find((i) => i.name.trim().toLowerCase() === PHONE_INFO_NAME)?.value;
/** A number for a phone channel: the server's rule, shared with forms and the import preview. */
export const phoneNumber = contactNumber.refine((v) => phoneDigits(v).length >= MIN_PHONE_DIGITS, { message: 'Too Short!' });
const contactEmail = z.union([z.literal(''), z.string().trim().toLowerCase().email('Invalid email').max(254)]).default('');

export const createContactBody = z.object({
  name: contactName,
  number: contactNumber,
  email: contactEmail,
  channel: channel.default('whatsapp'),
  extraInfo: z.array(extraInfo).max(50).default([]),
});
export const updateContactBody = z
  .object({
    name: contactName,
    number: contactNumber,
    email: contactEmail,
    extraInfo: z.array(extraInfo).max(50),
    disableBot: z.boolean(),
    acceptAudioMessage: z.boolean(),
  })
  .partial()
  .strict();
/** An imported row becomes a WhatsApp contact: its number follows the phone rule. */
export const contactImportRow = z.object({
  name: contactName,
  number: phoneNumber,
  email: contactEmail,
  validateContact: z.enum(['true', 'false']).optional(),
});
export const toggleAcceptAudioBody = z.object({ acceptAudioMessage: z.boolean() });
export const toggleDisableBotBody = z.object({ disableBot: z.boolean() });
export const blockContactBody = z.object({ active: z.boolean() });

// ----- tags -----

export const tagListQuery = z.object({ kanban: z.coerce.number().int().min(0).max(1).optional() });
export const createTagBody = z.object({
  name: z.string({ error: 'Requerido' }).trim().min(3, 'Etiqueta muy corta.').max(50),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour')
    .optional(),
  kanban: z.number().int().min(0).max(1).default(0),
});
export const syncTagsBody = z.object({
  contactId: z.number().int().positive(),
  tags: z.array(z.object({ id: z.number().int().positive() })).max(50),
});
export const tagContactParams = z.object({ tagId: idParam, contactId: idParam });

// ----- lookups -----

export const queue = queueSummary.extend({ greetingMessage: z.string(), orderQueue: z.number().int() });
export type Queue = z.infer<typeof queue>;

/** Session states of a connection (spec document 2 section 4); a web chat is always CONNECTED. */
export const connectionStatuses = ['CONNECTED', 'DISCONNECTED', 'OPENING', 'qrcode', 'PAIRING', 'TIMEOUT'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

export const connection = connectionSummary.extend({
  status: z.enum(connectionStatuses),
  /** the phone number of a WhatsApp session; channels without one (web chat) have null */
  number: z.string().nullable(),
  /** a WhatsApp session's current QR code while it waits to be paired; '' otherwise */
  qrcode: z.string(),
  /** QR codes shown in this pairing, or reconnect attempts in a row while the session is down */
  retries: z.number().int(),
  /**
   * why the connection is in its status: a WhatsApp session's last disconnect or QR failure, or what Meta answered
   * when a Graph channel's credentials were checked; null when there is nothing to tell
   */
  statusReason: z.string().nullable().optional(),
  isDefault: z.boolean(),
  /** group messages are received (WhatsApp sessions) */
  allowGroup: z.boolean(),
  /**
   * the connection's secret API token (the external messages API's bearer); null for callers who may not manage
   * connections, and never in realtime frames
   */
  token: z.string().nullable(),
  /** a web chat's public widget key (its embed tag); null on other channels and for callers who may not manage connections */
  widgetKey: z.string().nullable(),
  /** Graph API channels: Meta's ids of the number (Cloud API) or page (Messenger, Instagram) */
  phoneNumberId: z.string().nullable().optional(),
  wabaId: z.string().nullable().optional(),
  facebookPageUserId: z.string().nullable().optional(),
  /** Cloud API: the address Meta's webhook is configured with, unique to the connection */
  webhookUrl: z.string().nullable().optional(),
  /** Graph API channels: whether a token is stored (secrets are never answered) */
  hasAccessToken: z.boolean().optional(),
  queueIds: z.array(z.number().int()),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  /** minutes within which a closed conversation is reopened instead of starting a new ticket (0: never) */
  timeCreateNewTicket: z.number().int(),
  color: z.string(),
  /** WhatsApp sessions: import of old messages (spec document 2 section 3); dates are ISO, null when import is off */
  importOldMessages: z.string().nullable().optional(),
  importRecentMessages: z.string().nullable().optional(),
  importOldMessagesGroups: z.boolean().optional(),
  closedTicketsPostImported: z.boolean().optional(),
  queueIdImportMessages: z.number().int().nullable().optional(),
  /** an ISO time while the import prepares, 'Running', 'renderButtonCloseTickets' once done, null otherwise */
  statusImportMessages: z.string().nullable().optional(),
  /** the greeting's picture or video: its file name, and an address that serves it */
  greetingMediaAttachment: z.string().nullable().optional(),
  greetingMediaUrl: z.string().nullable().optional(),
  /**
   * What the conversation engine reads (connectionEngineDefaults in connections.ts; always answered, optional for
   * callers that build a connection themselves): the NPS rating, collective vacation (days YYYY-MM-DD), bot reply
   * limits, queue redirection, ticket expiry (hours) and inactivity (minutes), and the connection's opening hours.
   */
  ratingMessage: z.string().optional(),
  collectiveVacationMessage: z.string().optional(),
  collectiveVacationStart: z.string().nullable().optional(),
  collectiveVacationEnd: z.string().nullable().optional(),
  maxUseBotQueues: z.number().int().optional(),
  timeUseBotQueues: z.number().int().optional(),
  timeSendQueue: z.number().int().optional(),
  sendIdQueue: z.number().int().nullable().optional(),
  expiresTicket: z.number().int().optional(),
  whenExpiresTicket: z.enum(['0', '1']).optional(),
  expiresInactiveMessage: z.string().optional(),
  timeInactiveMessage: z.number().int().optional(),
  inactiveMessage: z.string().optional(),
  timeToReturnQueue: z.number().int().optional(),
  expiresTicketNPS: z.number().int().optional(),
  maxUseBotQueuesNPS: z.number().int().optional(),
  schedules: z.array(scheduleEntry).optional(),
  /** the standard flows (spec document 2 "Standard flow tab"): a new contact's welcome flow, and the one when no phrase matched */
  flowIdWelcome: z.number().int().nullable().optional(),
  flowIdNotPhrase: z.number().int().nullable().optional(),
  /** the AI prompt that answers new conversations (server reference 8.4) */
  promptId: z.number().int().nullable().optional(),
  /** the integration that takes a new conversation (spec document 2 "Integrations tab"; server reference 1.2 step 17), null for none */
  integrationId: z.number().int().nullable().optional(),
  updatedAt: z.string(),
});
export type Connection = z.infer<typeof connection>;

export const userListQuery = z.object({
  searchParam: z.string().trim().toLowerCase().max(100).optional(),
  pageNumber: cursorPageNumber,
  cursor: z.string().max(2048).optional(),
});
export const userListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(['admin', 'user']),
  online: z.boolean(),
  queueIds: z.array(z.number().int()),
});
export const toggleWidthBody = z.object({ defaultTicketsManagerWidth: z.number().int().min(404).max(700) });
export const toggleWidthParams = z.object({ userId: idParam });

export const companySettingQuery = z.object({
  column: z.enum([
    'lgpdHideNumber',
    'sendSignMessage',
    'sendGreetingAccepted',
    'greetingAcceptedMessage',
    'requiredTag',
    'lgpdDeleteMessage',
    'enableLGPD',
    'allUserChat',
    'showNotificationPending',
    'userRating',
    'timeZone',
  ]),
});

// ----- contacts and tags: the remaining inputs and answers -----

export const contactListAllQuery = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export const contactListAllResponse = z.object({
  contacts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export const contactProfileParams = z.object({ number: z.string().trim().min(1).max(100) });
export const contactProfileResponse = z.object({ contactId: z.number().int(), urlPicture: z.string().nullable() });
/** POST /contactsImport: 201 with created true, or 200 with the contact that already had the number. */
export const contactImportResponse = z.object({ contact, created: z.boolean() });
export const contactTagsResponse = z.object({ tags: z.array(tagSummary) });
/** POST /contacts/import/chats: the WhatsApp QR connection whose chats are taken in (default: the company's default one). */
export const importChatsBody = z.object({ whatsappId: z.coerce.number().int().positive().optional() }).strict();
/** The import runs in the background: the answer says it started; the admins are told its count when it ends. */
export const importChatsResponse = z.object({ message: z.string(), whatsappId: z.number().int() });
/** GET /contact-pictures/{companyId}/{file}: a stored contact picture, by the unguessable name it was stored under. */
export const contactPictureParams = z.object({
  companyId: z.coerce.number().int().positive(),
  file: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}\.jpeg$/),
});
/** The frame of `company-<id>-contact` that tells admins a chat import ended. */
export interface ChatImportFrame {
  action: 'importChats';
  whatsappId: number;
  /** contacts created; the other chats' people were contacts already */
  created: number;
  total: number;
}
