/**
 * Connections (channels) of a company: spec document 2, "Connections page", sections 3 to 9; the connection as
 * answered and as the inbox summarises it, and the calls that create and change one.
 */
import { z } from 'zod';
import { idParam } from './common.ts';
import { queueSummary, scheduleEntry, weekSchedule } from './queues.ts';
import { uploadBody } from './uploads.ts';

export const channelNames = ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'webchat'] as const;
export const channel = z.enum(channelNames);
export type Channel = z.infer<typeof channel>;

export const connectionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  channel,
  groupAsTicket: z.enum(['enabled', 'disabled']),
});
export type ConnectionSummary = z.infer<typeof connectionSummary>;

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

/**
 * Channels a connection can be created for on this deployment: those with a working driver. WhatsApp, the
 * Cloud API, Facebook and Instagram join this list (with their own fields) when their drivers arrive.
 */
export const creatableChannels = ['webchat', 'whatsapp', 'whatsappapi'] as const satisfies readonly Channel[];
export type CreatableChannel = (typeof creatableChannels)[number];

/** Section 5: a connection's name has 2 to 50 characters. */
export const CONNECTION_NAME_MIN = 2;
export const CONNECTION_NAME_MAX = 50;
/** Section 9: a connection token has 30 generated characters. */
export const CONNECTION_TOKEN_LENGTH = 30;
export const CONNECTION_MESSAGE_MAX = 4000;
/** Minutes; a month at most. */
export const TIME_CREATE_NEW_TICKET_MAX = 43_200;
export const DEFAULT_WEBCHAT_COLOR = '#2563eb';

const name = z.string({ error: 'Required' }).trim().min(CONNECTION_NAME_MIN, 'Too Short!').max(CONNECTION_NAME_MAX, 'Too Long!');
const message = z.string().max(CONNECTION_MESSAGE_MAX, 'Too Long!');
const queueIds = z
  .array(z.number().int().positive())
  .max(100)
  .transform((ids) => [...new Set(ids)]);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour');
const timeCreateNewTicket = z.number().int().min(0).max(TIME_CREATE_NEW_TICKET_MAX);

/**
 * What the conversation engine reads from a connection (spec document 2 sections 3 and 9; server reference 2.1, 2.4,
 * 2.8, 2.11, 2.12): bot reply limits, queue redirection, ticket expiry and inactivity, the NPS rating, collective
 * vacation and the connection's opening hours. Times are minutes except expiresTicket (hours); 0 switches a rule off.
 */
export const ENGINE_MINUTES_MAX = 10_080;
export const EXPIRES_TICKET_HOURS_MAX = 8_760;
export const BOT_USES_MAX = 100;
/** Section 9: maxUseBotQueues and maxUseBotQueuesNPS default to 3 (0: no limit). */
export const DEFAULT_MAX_USE_BOT_QUEUES = 3;
export const whenExpiresTicketValues = ['0', '1'] as const;
export type WhenExpiresTicket = (typeof whenExpiresTicketValues)[number];

const minutes = z.number().int().min(0).max(ENGINE_MINUTES_MAX);
const botUses = z.number().int().min(0).max(BOT_USES_MAX);
/** A collective vacation's first or last day, YYYY-MM-DD. */
const vacationDay = z.iso.date({ error: 'Invalid date' }).nullable();

/** The defaults a connection takes for the engine's fields (items written before they existed read as these). */
export const connectionEngineDefaults = {
  ratingMessage: '',
  collectiveVacationMessage: '',
  collectiveVacationStart: null as string | null,
  collectiveVacationEnd: null as string | null,
  maxUseBotQueues: DEFAULT_MAX_USE_BOT_QUEUES,
  timeUseBotQueues: 0,
  timeSendQueue: 0,
  sendIdQueue: null as number | null,
  expiresTicket: 0,
  whenExpiresTicket: '0' as WhenExpiresTicket,
  expiresInactiveMessage: '',
  timeInactiveMessage: 0,
  inactiveMessage: '',
  timeToReturnQueue: 0,
  expiresTicketNPS: 0,
  maxUseBotQueuesNPS: DEFAULT_MAX_USE_BOT_QUEUES,
};
export type ConnectionEngineFields = typeof connectionEngineDefaults & { schedules: z.infer<typeof weekSchedule> };

/**
 * Section 5, the rules across the engine's fields, shared by the API and the dialog so both refuse alike: a rating
 * message needs expiresTicketNPS > 0 (an unanswered rating would never close); timeSendQueue and sendIdQueue go
 * together; a collective vacation message needs both days, the first not after the last (days compare as text).
 */
export const engineRuleMessages = {
  npsExpiryRequired: 'Must be more than 0 with a rating message',
  redirectQueueRequired: 'Required with a redirection time',
  redirectTimeRequired: 'Must be more than 0 with a redirection queue',
  vacationDayRequired: 'Required with a vacation message',
  vacationEndBeforeStart: 'Must not be before the start date',
} as const;
export type EngineRuleCode = keyof typeof engineRuleMessages;
export interface EngineFieldIssue {
  field: keyof ConnectionEngineFields;
  code: EngineRuleCode;
}
export const engineFieldIssues = (f: Omit<ConnectionEngineFields, 'schedules'>): EngineFieldIssue[] => {
  const issues: EngineFieldIssue[] = [];
  if (f.ratingMessage !== '' && f.expiresTicketNPS <= 0) issues.push({ field: 'expiresTicketNPS', code: 'npsExpiryRequired' });
  if (f.timeSendQueue > 0 && f.sendIdQueue === null) issues.push({ field: 'sendIdQueue', code: 'redirectQueueRequired' });
  if (f.timeSendQueue === 0 && f.sendIdQueue !== null) issues.push({ field: 'timeSendQueue', code: 'redirectTimeRequired' });
  const { collectiveVacationMessage: text, collectiveVacationStart: start, collectiveVacationEnd: end } = f;
  if (text !== '' && !start) issues.push({ field: 'collectiveVacationStart', code: 'vacationDayRequired' });
  if (text !== '' && !end) issues.push({ field: 'collectiveVacationEnd', code: 'vacationDayRequired' });
  if (start && end && end < start) issues.push({ field: 'collectiveVacationEnd', code: 'vacationEndBeforeStart' });
  return issues;
};

/**
 * The engine's fields as a body carries them. The rules across fields (engineFieldIssues) and that the queue is the
 * company's are checked by the service on the connection as it will be after the change.
 */
const engineFields = {
  ratingMessage: message,
  collectiveVacationMessage: message,
  collectiveVacationStart: vacationDay,
  collectiveVacationEnd: vacationDay,
  maxUseBotQueues: botUses,
  timeUseBotQueues: minutes,
  timeSendQueue: minutes,
  sendIdQueue: z.number().int().positive().nullable(),
  expiresTicket: z.number().int().min(0).max(EXPIRES_TICKET_HOURS_MAX),
  whenExpiresTicket: z.enum(whenExpiresTicketValues),
  expiresInactiveMessage: message,
  timeInactiveMessage: minutes,
  inactiveMessage: message,
  timeToReturnQueue: minutes,
  expiresTicketNPS: minutes,
  maxUseBotQueuesNPS: botUses,
  schedules: weekSchedule,
};
const d = connectionEngineDefaults;
/** A new connection's engine fields: those not sent take their defaults. */
const engineFieldsWithDefaults = {
  ratingMessage: engineFields.ratingMessage.default(d.ratingMessage),
  collectiveVacationMessage: engineFields.collectiveVacationMessage.default(d.collectiveVacationMessage),
  collectiveVacationStart: engineFields.collectiveVacationStart.default(d.collectiveVacationStart),
  collectiveVacationEnd: engineFields.collectiveVacationEnd.default(d.collectiveVacationEnd),
  maxUseBotQueues: engineFields.maxUseBotQueues.default(d.maxUseBotQueues),
  timeUseBotQueues: engineFields.timeUseBotQueues.default(d.timeUseBotQueues),
  timeSendQueue: engineFields.timeSendQueue.default(d.timeSendQueue),
  sendIdQueue: engineFields.sendIdQueue.default(d.sendIdQueue),
  expiresTicket: engineFields.expiresTicket.default(d.expiresTicket),
  whenExpiresTicket: engineFields.whenExpiresTicket.default(d.whenExpiresTicket),
  expiresInactiveMessage: engineFields.expiresInactiveMessage.default(d.expiresInactiveMessage),
  timeInactiveMessage: engineFields.timeInactiveMessage.default(d.timeInactiveMessage),
  inactiveMessage: engineFields.inactiveMessage.default(d.inactiveMessage),
  timeToReturnQueue: engineFields.timeToReturnQueue.default(d.timeToReturnQueue),
  expiresTicketNPS: engineFields.expiresTicketNPS.default(d.expiresTicketNPS),
  maxUseBotQueuesNPS: engineFields.maxUseBotQueuesNPS.default(d.maxUseBotQueuesNPS),
  schedules: engineFields.schedules.default([]),
};

/**
 * A WhatsApp Cloud API number's settings (channel `whatsappapi`, required there, checked by its driver): Meta's ids of
 * the number and its business account, the token sends use, the app secret webhook posts are signed with and the
 * token Meta's verification call presents. The secrets are write-only: answers say only whether they are set.
 */
export const graphIdField = z
  .string()
  .trim()
  .regex(/^\d{1,30}$/, 'Digits only');
const graphSecret = z.string().trim().min(1, 'Required').max(1000, 'Too Long!');
const cloudApiFields = {
  phoneNumberId: graphIdField.optional(),
  wabaId: graphIdField.optional(),
  accessToken: graphSecret.optional(),
  appSecret: graphSecret.optional(),
  verifyToken: graphSecret.optional(),
};

export const createConnectionBody = z.object({
  channel: z.enum(creatableChannels),
  name,
  /** making a connection the default takes the flag from the company's other default */
  isDefault: z.boolean().default(false),
  greetingMessage: message.default(''),
  complationMessage: message.default(''),
  outOfHoursMessage: message.default(''),
  queueIds: queueIds.default([]),
  /** the web chat widget's colour */
  color: color.default(DEFAULT_WEBCHAT_COLOR),
  timeCreateNewTicket: timeCreateNewTicket.default(0),
  ...engineFieldsWithDefaults,
  ...cloudApiFields,
});
export type CreateConnectionBody = z.infer<typeof createConnectionBody>;

/** An ISO date (YYYY-MM-DD, the day's start in UTC) or date-time with its offset. */
const importDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Invalid date' });

/** Section 5 and 9: the old-messages date goes back 2 years at most. */
export const IMPORT_MAX_AGE_MS = 2 * 365 * 24 * 60 * 60_000;
/** Section 4 and 9: for this long after an import was asked the table shows a disabled 'preparing' button. */
export const IMPORT_PREPARING_MS = 35_000;
/** statusImportMessages while history is being taken in, and once it is done (the close-imported button shows). */
export const IMPORT_STATUS_RUNNING = 'Running';
export const IMPORT_STATUS_DONE = 'renderButtonCloseTickets';

/** An import date as a time: a bare date is the start of that day (UTC). */
export const importTime = (value: string): number => Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
/** The end of an import's range: a bare date takes in its whole day. */
export const importEndTime = (value: string): number =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) + 24 * 60 * 60_000 - 1 : Date.parse(value);

/**
 * Only the fields sent change; `regenerateToken` replaces the API token with a new one and `regenerateWidgetKey` a web
 * chat's widget key (the old one stops working at once).
 */
export const updateConnectionBody = z.object({
  name: name.optional(),
  isDefault: z.boolean().optional(),
  greetingMessage: message.optional(),
  complationMessage: message.optional(),
  outOfHoursMessage: message.optional(),
  queueIds: queueIds.optional(),
  color: color.optional(),
  timeCreateNewTicket: timeCreateNewTicket.optional(),
  ...z.object(engineFields).partial().shape,
  /** group messages are received (WhatsApp sessions) */
  allowGroup: z.boolean().optional(),
  /** a group's messages open a ticket of the group */
  groupAsTicket: z.enum(['enabled', 'disabled']).optional(),
  regenerateToken: z.literal(true).optional(),
  regenerateWidgetKey: z.literal(true).optional(),
  /** Cloud API: a new access token (after the old one expired) */
  accessToken: graphSecret.optional(),
  /**
   * WhatsApp sessions, import of old messages: a date sets the import on, null sets it off. The range rules
   * (old date within IMPORT_MAX_AGE_MS, recent date from it to now, a queue while on) are checked by the service.
   */
  importOldMessages: importDate.nullable().optional(),
  importRecentMessages: importDate.nullable().optional(),
  importOldMessagesGroups: z.boolean().optional(),
  closedTicketsPostImported: z.boolean().optional(),
  queueIdImportMessages: z.number().int().positive().nullable().optional(),
  /** the standard flows (spec document 2 "Standard flow tab"): flows of the company, null for none */
  flowIdWelcome: z.number().int().positive().nullable().optional(),
  flowIdNotPhrase: z.number().int().positive().nullable().optional(),
  /** the AI prompt that answers new conversations (server reference 8.4): a prompt of the company, null for none */
  promptId: z.number().int().positive().nullable().optional(),
  /** the integration (spec document 2 "Integrations tab"): one of the company's, null for none */
  integrationId: z.number().int().positive().nullable().optional(),
});
export type UpdateConnectionBody = z.infer<typeof updateConnectionBody>;

export const connectionIdParams = z.object({ id: idParam });

/** POST /whatsapp/{id}/media-upload: the greeting's image or video; the file goes to the answered signed address. */
export const GREETING_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
export const greetingMediaBody = uploadBody({
  style: 'setting',
  use: 'greetingMedia',
  maxBytes: GREETING_MEDIA_MAX_BYTES,
  tooLarge: 'The file is too large',
});
export type GreetingMediaBody = z.infer<typeof greetingMediaBody>;
export const greetingMediaResponse = z.object({
  whatsapp: connection,
  uploadUrl: z.string(),
  headers: z.record(z.string(), z.string()),
});

/** POST /closedimported/{id}: how many imported tickets were closed now; `queued` when the rest closes in a job. */
export const closeImportedResponse = z.object({ closed: z.number().int(), queued: z.boolean() });
export type CloseImportedResponse = z.infer<typeof closeImportedResponse>;

/**
 * The realtime frames of `importMessages-{companyId}`: an import's progress (messages taken in of those found so
 * far), and `refresh` when an import ended or its tickets were closed (the table reads the connections again).
 */
export type ImportMessagesEvent =
  { action: 'update'; status: { whatsappId: number; this: number; all: number } } | { action: 'refresh'; whatsappId: number };

/** GET /whatsapp/all (super user): a page of companies in id order with their connections. */
export const CONNECTIONS_OVERVIEW_PAGE_MAX = 100;
export const connectionsOverviewQuery = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(CONNECTIONS_OVERVIEW_PAGE_MAX).default(50),
});
export const overviewConnection = connection.pick({
  id: true,
  name: true,
  channel: true,
  status: true,
  number: true,
  isDefault: true,
  updatedAt: true,
});
export type OverviewConnection = z.infer<typeof overviewConnection>;
/** `disconnected` counts every connection that is not CONNECTED (waiting for a QR, pairing, down...), so connected + disconnected = total. */
export const companyConnections = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  connected: z.number().int(),
  disconnected: z.number().int(),
  total: z.number().int(),
  connections: z.array(overviewConnection),
});
export type CompanyConnections = z.infer<typeof companyConnections>;
export const connectionsOverview = z.object({
  companies: z.array(companyConnections),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
});
export type ConnectionsOverview = z.infer<typeof connectionsOverview>;

/**
 * The super user acting on one company's connections from the overview (`/whatsapp-admin/{companyId}...`): the
 * company is named in the path, and only a super user's call is accepted.
 */
export const companyTargetParams = z.object({ companyId: idParam });
export const companyConnectionParams = z.object({ companyId: idParam, id: idParam });
/** GET /whatsapp-admin/{companyId}: the company's connections and the queues they may send conversations to. */
export const companyConnectionsDetail = z.object({ connections: z.array(connection), queues: z.array(queueSummary) });
export type CompanyConnectionsDetail = z.infer<typeof companyConnectionsDetail>;

/** GET /whatsapp/{id}/health: a WhatsApp session's state changes (newest first) and its traffic counters. */
export const SESSION_HISTORY_MAX = 50;
export const sessionHealthEntry = z.object({ status: z.enum(connectionStatuses), at: z.string(), reason: z.string().optional() });
export type SessionHealthEntry = z.infer<typeof sessionHealthEntry>;
export const sessionHealth = z.object({
  history: z.array(sessionHealthEntry),
  lastInboundAt: z.string().nullable(),
  lastOutboundAt: z.string().nullable(),
  /** reconnects after the session had been open */
  reconnects: z.number().int(),
  /** messages a reconnect brought in (offline delivery, history sync) */
  recovered: z.number().int(),
});
export type SessionHealth = z.infer<typeof sessionHealth>;

/** The realtime frame of `company-{id}-whatsappSession`: a session's state; an empty qrcode closes the QR dialog. */
export interface WhatsappSessionEvent {
  action: 'update';
  session: {
    id: number;
    status: ConnectionStatus;
    qrcode: string;
    retries: number;
    number: string | null;
    statusReason: string | null;
    updatedAt: string;
  };
}

/** The realtime frame of `company-{id}-connectionAlert`, to admins only: an open session dropped (once per outage). */
export interface ConnectionAlertEvent {
  action: 'sessionDropped';
  connection: { id: number; name: string };
  status: ConnectionStatus;
  reason: string | null;
  at: string;
}

/** The realtime frames of `company-{id}-whatsapp` (small: clients read the details over HTTP). */
export type ConnectionEvent =
  | {
      action: 'update';
      whatsapp: { id: number; name: string; channel: Channel; status: ConnectionStatus; isDefault: boolean; updatedAt: string };
    }
  | { action: 'delete'; whatsappId: number };

/** POST /facebook: the pages a Meta user manages become Messenger connections, and their Instagram accounts when asked. */
export const facebookConnectBody = z.object({
  facebookUserId: graphIdField,
  facebookUserToken: graphSecret,
  addInstagram: z.boolean().default(true),
});
export type FacebookConnectBody = z.infer<typeof facebookConnectBody>;
export const facebookConnectResponse = z.array(connection);

/** A Cloud API number's approved message template, as the composer offers it. */
export const messageTemplate = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  /** the body text with its `{{1}}`-style placeholders, for the preview */
  body: z.string(),
  /** how many placeholders the body has: the send carries one text per placeholder */
  paramCount: z.number().int().min(0),
  /** a text header with its placeholder (Meta allows one), empty when the template has none or a media header */
  header: z.string().default(''),
  headerParamCount: z.number().int().min(0).default(0),
});
export type MessageTemplate = z.infer<typeof messageTemplate>;
export const messageTemplates = z.array(messageTemplate);

/**
 * GET /whatsapp/filter: the company's connections of one channel (all without one). `session=0` is the spec's
 * "without the session data": connections never carry a WhatsApp session's keys, so any value answers the same.
 */
export const connectionFilterQuery = z.object({
  session: z.enum(['0', '1']).optional(),
  channel: channel.optional(),
});
