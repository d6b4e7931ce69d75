import {
  BOT_USES_MAX,
  CONNECTION_MESSAGE_MAX,
  CONNECTION_NAME_MAX,
  CONNECTION_NAME_MIN,
  connectionEngineDefaults,
  DEFAULT_WEBCHAT_COLOR,
  ENGINE_MINUTES_MAX,
  engineFieldIssues,
  EXPIRES_TICKET_HOURS_MAX,
  TIME_CREATE_NEW_TICKET_MAX,
  type CreatableChannel,
  type CreateConnectionBody,
  type UpdateConnectionBody,
  type WhenExpiresTicket,
} from '@switchboard/shared/contracts/connections';
import type { Channel, Connection } from '@switchboard/shared/contracts/inbox';
import type { ScheduleEntry } from '@switchboard/shared/contracts/queues';
import { defaultWeek, weekIssues } from '@switchboard/shared/weekly-hours';

export interface ConnectionFormValues {
  name: string;
  isDefault: boolean;
  /** the web chat widget's colour, #rrggbb */
  color: string;
  /** minutes; null while the field is empty */
  timeCreateNewTicket: number | null;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  queueIds: number[];
  /** WhatsApp QR sessions: group messages are received, and a group's messages open a ticket of the group */
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  /** Cloud API: Meta's ids (set when adding) and the secrets (write-only: a new access token replaces the stored one) */
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  /** WhatsApp QR sessions: import of old messages; dates as YYYY-MM-DD ('' while empty) */
  importEnabled: boolean;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: number | null;
  /** the conversation engine's fields (connectionEngineDefaults); numbers are null while their field is empty */
  ratingMessage: string;
  expiresTicketNPS: number | null;
  maxUseBotQueuesNPS: number | null;
  /** collective vacation: days as YYYY-MM-DD ('' while empty) */
  collectiveVacationMessage: string;
  collectiveVacationStart: string;
  collectiveVacationEnd: string;
  maxUseBotQueues: number | null;
  timeUseBotQueues: number | null;
  /** queue redirection: a pending ticket without queue goes to sendIdQueue after timeSendQueue minutes */
  timeSendQueue: number | null;
  sendIdQueue: number | null;
  /** hours */
  expiresTicket: number | null;
  whenExpiresTicket: WhenExpiresTicket;
  expiresInactiveMessage: string;
  timeInactiveMessage: number | null;
  inactiveMessage: string;
  timeToReturnQueue: number | null;
  /** the connection's week (sent only when the company keeps hours per connection) */
  schedules: ScheduleEntry[];
}

type MessageField = 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage';
export const engineMessageFields = [
  'ratingMessage',
  'collectiveVacationMessage',
  'expiresInactiveMessage',
  'inactiveMessage',
] as const;
/** minutes from 0 to ENGINE_MINUTES_MAX */
export const engineMinuteFields = [
  'timeUseBotQueues',
  'timeSendQueue',
  'timeInactiveMessage',
  'timeToReturnQueue',
  'expiresTicketNPS',
] as const;
export const botUseFields = ['maxUseBotQueues', 'maxUseBotQueuesNPS'] as const;
export const engineFormFields = [
  ...engineMessageFields,
  ...engineMinuteFields,
  ...botUseFields,
  'expiresTicket',
  'sendIdQueue',
  'collectiveVacationStart',
  'collectiveVacationEnd',
  'schedules',
] as const;
type EngineFormField = (typeof engineFormFields)[number];
export const cloudApiFields = ['phoneNumberId', 'wabaId', 'accessToken', 'appSecret', 'verifyToken'] as const;
type CloudApiField = (typeof cloudApiFields)[number];
export const importFormFields = ['importOldMessages', 'importRecentMessages', 'queueIdImportMessages'] as const;
type ImportField = (typeof importFormFields)[number];
export type ConnectionFormField =
  'name' | 'color' | 'timeCreateNewTicket' | MessageField | CloudApiField | ImportField | EngineFormField;
/** i18n keys of the messages shown under the fields. */
export type ConnectionFormErrors = Partial<Record<ConnectionFormField, string>>;

export type ConnectionTab = 'general' | 'messages' | 'integrations' | 'chatbot' | 'assessments' | 'flowbuilder' | 'schedules';
/**
 * The tabs of the edit dialog (spec document 2 "Connections page"); the standard flow tab comes with the flow builder.
 * Schedules shows only when the company keeps opening hours per connection (scheduleType 'connection').
 */
export const connectionTabs: readonly ConnectionTab[] = [
  'general',
  'messages',
  'integrations',
  'chatbot',
  'assessments',
  'flowbuilder',
  'schedules',
];
/** The standard flow tab shows when editing a connection of a company whose plan has flows, for an admin. */
export const connectionTabsFor = ({
  schedules,
  flows = false,
}: {
  schedules: boolean;
  flows?: boolean;
}): readonly ConnectionTab[] =>
  connectionTabs.filter((tab) => (tab !== 'schedules' || schedules) && (tab !== 'flowbuilder' || flows));

const tabOf: Record<ConnectionFormField, ConnectionTab> = {
  name: 'general',
  color: 'general',
  timeCreateNewTicket: 'chatbot',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  phoneNumberId: 'general',
  wabaId: 'general',
  accessToken: 'general',
  appSecret: 'general',
  verifyToken: 'general',
  importOldMessages: 'general',
  importRecentMessages: 'general',
  queueIdImportMessages: 'general',
  timeSendQueue: 'general',
  sendIdQueue: 'general',
  collectiveVacationMessage: 'messages',
  collectiveVacationStart: 'messages',
  collectiveVacationEnd: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  expiresTicket: 'chatbot',
  expiresInactiveMessage: 'chatbot',
  inactiveMessage: 'chatbot',
  timeInactiveMessage: 'chatbot',
  timeToReturnQueue: 'chatbot',
  ratingMessage: 'assessments',
  maxUseBotQueuesNPS: 'assessments',
  expiresTicketNPS: 'assessments',
  schedules: 'schedules',
};

/** The tabs holding an error, marked on the tab list. */
export const tabsWithErrors = (errors: ConnectionFormErrors): Set<ConnectionTab> =>
  new Set((Object.keys(errors) as ConnectionFormField[]).map((f) => tabOf[f]));

/** The tab to show after a refused submit: the first one holding an error. */
export const firstTabWithError = (errors: ConnectionFormErrors): ConnectionTab | undefined => {
  const marked = tabsWithErrors(errors);
  return connectionTabs.find((tab) => marked.has(tab));
};

export const emptyConnectionForm = (): ConnectionFormValues => ({
  name: '',
  isDefault: false,
  color: DEFAULT_WEBCHAT_COLOR,
  timeCreateNewTicket: 0,
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  queueIds: [],
  allowGroup: false,
  groupAsTicket: 'disabled',
  phoneNumberId: '',
  wabaId: '',
  accessToken: '',
  appSecret: '',
  verifyToken: '',
  importEnabled: false,
  importOldMessages: '',
  importRecentMessages: '',
  importOldMessagesGroups: false,
  closedTicketsPostImported: false,
  queueIdImportMessages: null,
  ...engineFormOf(connectionEngineDefaults),
  schedules: defaultWeek(),
});

/** The engine's fields of a connection as the form holds them (absent ones as their defaults). */
const engineFormOf = (c: Partial<typeof connectionEngineDefaults>) => {
  const d = connectionEngineDefaults;
  return {
    ratingMessage: c.ratingMessage ?? d.ratingMessage,
    expiresTicketNPS: c.expiresTicketNPS ?? d.expiresTicketNPS,
    maxUseBotQueuesNPS: c.maxUseBotQueuesNPS ?? d.maxUseBotQueuesNPS,
    collectiveVacationMessage: c.collectiveVacationMessage ?? d.collectiveVacationMessage,
    collectiveVacationStart: c.collectiveVacationStart ?? '',
    collectiveVacationEnd: c.collectiveVacationEnd ?? '',
    maxUseBotQueues: c.maxUseBotQueues ?? d.maxUseBotQueues,
    timeUseBotQueues: c.timeUseBotQueues ?? d.timeUseBotQueues,
    timeSendQueue: c.timeSendQueue ?? d.timeSendQueue,
    sendIdQueue: c.sendIdQueue ?? d.sendIdQueue,
    expiresTicket: c.expiresTicket ?? d.expiresTicket,
    whenExpiresTicket: c.whenExpiresTicket ?? d.whenExpiresTicket,
    expiresInactiveMessage: c.expiresInactiveMessage ?? d.expiresInactiveMessage,
    timeInactiveMessage: c.timeInactiveMessage ?? d.timeInactiveMessage,
    inactiveMessage: c.inactiveMessage ?? d.inactiveMessage,
    timeToReturnQueue: c.timeToReturnQueue ?? d.timeToReturnQueue,
  };
};

/** A stored import date (a day, or a time) as the day a date input shows. */
const dayOf = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');

export const connectionFormOf = (c: Connection): ConnectionFormValues => ({
  name: c.name,
  isDefault: c.isDefault,
  color: c.color,
  timeCreateNewTicket: c.timeCreateNewTicket,
  greetingMessage: c.greetingMessage,
  complationMessage: c.complationMessage,
  outOfHoursMessage: c.outOfHoursMessage,
  queueIds: c.queueIds,
  allowGroup: c.allowGroup,
  groupAsTicket: c.groupAsTicket,
  phoneNumberId: c.phoneNumberId ?? '',
  wabaId: c.wabaId ?? '',
  accessToken: '',
  appSecret: '',
  verifyToken: '',
  importEnabled: typeof c.importOldMessages === 'string',
  importOldMessages: dayOf(c.importOldMessages),
  importRecentMessages: dayOf(c.importRecentMessages),
  importOldMessagesGroups: c.importOldMessagesGroups ?? false,
  closedTicketsPostImported: c.closedTicketsPostImported ?? false,
  queueIdImportMessages: c.queueIdImportMessages ?? null,
  ...engineFormOf(c),
  // none stored yet: the spec's default hours to start from
  schedules: c.schedules?.length ? c.schedules : defaultWeek(),
});

/** Today as YYYY-MM-DD in the browser's time zone. */
export const localDay = (d: Date = new Date()): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The same day 2 years back (spec document 2 sections 5 and 9: the old-messages date goes back 2 years at most). */
export const twoYearsBefore = (day: string): string => `${Number(day.slice(0, 4)) - 2}${day.slice(4)}`;

/**
 * Section 5: with import on, the old-messages date is between 2 years ago and today, the recent date between the
 * old date and today, and a queue for the imported messages is chosen. Dates are days (YYYY-MM-DD), compared as text.
 */
export const validateImport = (v: ConnectionFormValues, today: string): ConnectionFormErrors => {
  const errors: ConnectionFormErrors = {};
  if (!v.importEnabled) return errors;
  const isDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d);
  if (!isDay(v.importOldMessages)) errors.importOldMessages = 'validation.requiredEn';
  else if (v.importOldMessages < twoYearsBefore(today)) errors.importOldMessages = 'connections.dialog.import.tooOld';
  else if (v.importOldMessages > today) errors.importOldMessages = 'connections.dialog.import.future';
  if (!isDay(v.importRecentMessages)) errors.importRecentMessages = 'validation.requiredEn';
  else if (v.importRecentMessages > today) errors.importRecentMessages = 'connections.dialog.import.future';
  else if (isDay(v.importOldMessages) && v.importRecentMessages < v.importOldMessages)
    errors.importRecentMessages = 'connections.dialog.import.beforeOld';
  if (!v.queueIdImportMessages) errors.queueIdImportMessages = 'validation.requiredEn';
  return errors;
};

/** What the form is for: the fields asked and checked depend on the channel and on adding or editing. */
export interface ConnectionFormContext {
  channel: Channel;
  creating: boolean;
  /** today (YYYY-MM-DD), for the import's dates; the browser's day when absent */
  today?: string;
  /** the schedules tab shows (the company keeps hours per connection): the week is checked and sent */
  schedules?: boolean;
}

const isWhole = (n: number | null, max: number): n is number => n !== null && Number.isInteger(n) && n >= 0 && n <= max;

/**
 * The engine's fields: each number within its range, messages within 4000 characters, then the rules across
 * fields the API applies (engineFieldIssues, the same function), and a valid week when it is sent.
 */
export const validateEngineFields = (
  v: ConnectionFormValues,
  context: Pick<ConnectionFormContext, 'schedules'> = {},
): ConnectionFormErrors => {
  const errors: ConnectionFormErrors = {};
  for (const field of engineMessageFields) if (v[field].length > CONNECTION_MESSAGE_MAX) errors[field] = 'validation.tooLong';
  for (const field of engineMinuteFields)
    if (!isWhole(v[field], ENGINE_MINUTES_MAX)) errors[field] = 'connections.dialog.rules.minutes';
  for (const field of botUseFields) if (!isWhole(v[field], BOT_USES_MAX)) errors[field] = 'connections.dialog.rules.botUses';
  if (!isWhole(v.expiresTicket, EXPIRES_TICKET_HOURS_MAX)) errors.expiresTicket = 'connections.dialog.rules.hours';
  const rules = engineFieldIssues({
    ...engineFieldsOfForm(v),
    // an empty number field has its own message above; the rules read it as 0
    expiresTicketNPS: v.expiresTicketNPS ?? 0,
    timeSendQueue: v.timeSendQueue ?? 0,
  });
  for (const issue of rules) errors[issue.field as EngineFormField] ??= `connections.dialog.rules.${issue.code}`;
  if (context.schedules && weekIssues(v.schedules).length > 0) errors.schedules = 'connections.dialog.schedules.invalid';
  return errors;
};

const GRAPH_SECRET_MAX = 1000;

/**
 * Spec document 2 section 5: the name is required and has 2 to 50 characters ('Too Short!', 'Too Long!').
 * A Cloud API number is added with Meta's ids (digits) and its three secrets; when editing, a new access token is optional.
 */
export const validateConnectionForm = (
  v: ConnectionFormValues,
  context: ConnectionFormContext = { channel: 'webchat', creating: false },
): ConnectionFormErrors => {
  const errors: ConnectionFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = 'validation.requiredEn';
  else if (name.length < CONNECTION_NAME_MIN) errors.name = 'validation.tooShort';
  else if (name.length > CONNECTION_NAME_MAX) errors.name = 'validation.tooLong';
  if (!/^#[0-9a-fA-F]{6}$/.test(v.color)) errors.color = 'connections.dialog.invalidColor';
  const time = v.timeCreateNewTicket;
  if (time === null || !Number.isInteger(time) || time < 0 || time > TIME_CREATE_NEW_TICKET_MAX)
    errors.timeCreateNewTicket = 'connections.dialog.invalidTime';
  for (const field of ['greetingMessage', 'complationMessage', 'outOfHoursMessage'] as const) {
    if (v[field].length > CONNECTION_MESSAGE_MAX) errors[field] = 'validation.tooLong';
  }
  if (context.channel === 'whatsappapi') {
    for (const field of cloudApiFields) {
      const value = v[field].trim();
      const required = context.creating;
      if (!value) {
        if (required) errors[field] = 'validation.requiredEn';
      } else if ((field === 'phoneNumberId' || field === 'wabaId') && !/^\d{1,30}$/.test(value))
        errors[field] = 'connections.dialog.digitsOnly';
      else if (value.length > GRAPH_SECRET_MAX) errors[field] = 'validation.tooLong';
    }
  }
  if (context.channel === 'whatsapp' && !context.creating) Object.assign(errors, validateImport(v, context.today ?? localDay()));
  Object.assign(errors, validateEngineFields(v, context));
  return errors;
};

/** The engine's fields as the API takes them: days null while empty, empty numbers as 0. */
const engineFieldsOfForm = (v: ConnectionFormValues) => ({
  ratingMessage: v.ratingMessage,
  expiresTicketNPS: v.expiresTicketNPS ?? 0,
  maxUseBotQueuesNPS: v.maxUseBotQueuesNPS ?? 0,
  collectiveVacationMessage: v.collectiveVacationMessage,
  collectiveVacationStart: v.collectiveVacationStart || null,
  collectiveVacationEnd: v.collectiveVacationEnd || null,
  maxUseBotQueues: v.maxUseBotQueues ?? 0,
  timeUseBotQueues: v.timeUseBotQueues ?? 0,
  timeSendQueue: v.timeSendQueue ?? 0,
  sendIdQueue: v.sendIdQueue,
  expiresTicket: v.expiresTicket ?? 0,
  whenExpiresTicket: v.whenExpiresTicket,
  expiresInactiveMessage: v.expiresInactiveMessage,
  timeInactiveMessage: v.timeInactiveMessage ?? 0,
  inactiveMessage: v.inactiveMessage,
  timeToReturnQueue: v.timeToReturnQueue ?? 0,
});

/** What is sent besides the fields every connection has: the week only when the schedules tab shows. */
export interface ConnectionBodyOptions {
  schedules?: boolean;
}

const settingsOf = (v: ConnectionFormValues, options: ConnectionBodyOptions = {}) => ({
  name: v.name.trim(),
  isDefault: v.isDefault,
  color: v.color.toLowerCase(),
  timeCreateNewTicket: v.timeCreateNewTicket ?? 0,
  greetingMessage: v.greetingMessage,
  complationMessage: v.complationMessage,
  outOfHoursMessage: v.outOfHoursMessage,
  queueIds: v.queueIds,
  ...engineFieldsOfForm(v),
  ...(options.schedules ? { schedules: v.schedules } : {}),
});

export const createConnectionBodyOf = (
  channel: CreatableChannel,
  v: ConnectionFormValues,
  options: ConnectionBodyOptions = {},
): CreateConnectionBody => ({
  channel,
  ...settingsOf(v, options),
  // a new connection without hours of its own (the default)
  schedules: options.schedules ? v.schedules : [],
  ...(channel === 'whatsappapi' ? Object.fromEntries(cloudApiFields.map((f) => [f, v[f].trim()])) : {}),
});

/** The import's fields: the range and its options while on; off is a null old-messages date. */
const importBodyOf = (v: ConnectionFormValues): Partial<UpdateConnectionBody> =>
  v.importEnabled
    ? {
        importOldMessages: v.importOldMessages,
        importRecentMessages: v.importRecentMessages,
        importOldMessagesGroups: v.importOldMessagesGroups,
        closedTicketsPostImported: v.closedTicketsPostImported,
        queueIdImportMessages: v.queueIdImportMessages,
      }
    : { importOldMessages: null };

/** Whether saving starts an import on a connected session, which pairs it anew (the dialog warns first). */
export const importResetsSession = (
  c: Pick<Connection, 'status' | 'importOldMessages' | 'importRecentMessages'>,
  v: ConnectionFormValues,
): boolean =>
  c.status === 'CONNECTED' &&
  v.importEnabled &&
  (dayOf(c.importOldMessages) !== v.importOldMessages ||
    dayOf(c.importRecentMessages) !== v.importRecentMessages ||
    typeof c.importOldMessages !== 'string');

/** Group settings go with WhatsApp QR sessions only; a Cloud API number sends a new access token only when one was typed. */
export const updateConnectionBodyOf = (
  v: ConnectionFormValues,
  channel: Channel = 'webchat',
  options: ConnectionBodyOptions = {},
): UpdateConnectionBody => ({
  ...settingsOf(v, options),
  ...(channel === 'whatsapp' ? { allowGroup: v.allowGroup, groupAsTicket: v.groupAsTicket, ...importBodyOf(v) } : {}),
  ...(channel === 'whatsappapi' && v.accessToken.trim() ? { accessToken: v.accessToken.trim() } : {}),
});

// the connections page and the set-up checklist show the same tag
export { widgetEmbedSnippet } from '../../../lib/widget-tag.ts';
