import {
  connectionEngineDefaults,
  type Connection,
  DEFAULT_WEBCHAT_COLOR,
  type WhenExpiresTicket,
} from '@switchboard/shared/contracts/connections';
import type { ScheduleEntry } from '@switchboard/shared/contracts/queues';
import { defaultWeek } from '@switchboard/shared/weekly-hours';

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
export type EngineFormField = (typeof engineFormFields)[number];
export const cloudApiFields = ['phoneNumberId', 'wabaId', 'accessToken', 'appSecret', 'verifyToken'] as const;
type CloudApiField = (typeof cloudApiFields)[number];
export const importFormFields = ['importOldMessages', 'importRecentMessages', 'queueIdImportMessages'] as const;
type ImportField = (typeof importFormFields)[number];
export type ConnectionFormField =
  'name' | 'color' | 'timeCreateNewTicket' | MessageField | CloudApiField | ImportField | EngineFormField;
/** i18n keys of the messages shown under the fields. */
export type ConnectionFormErrors = Partial<Record<ConnectionFormField, string>>;

/** What a part of the dialog gets: the form's values and errors, and `apply` to hand a change back. */
export interface ConnectionFormPart {
  values: ConnectionFormValues;
  errors: ConnectionFormErrors;
  apply: (next: ConnectionFormValues) => void;
}

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

// the connections page and the set-up checklist show the same tag
export { widgetEmbedSnippet } from '../../../lib/widget-tag.ts';
