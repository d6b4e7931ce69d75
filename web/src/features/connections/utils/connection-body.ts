import { traitsOf } from '@switchboard/shared/channel-traits';
import type {
  Channel,
  CreatableChannel,
  CreateConnectionBody,
  UpdateConnectionBody,
} from '@switchboard/shared/contracts/connections';
import { cloudApiFields, type ConnectionFormValues } from './connection-form.ts';

/** The engine's fields as the API takes them: days null while empty, empty numbers as 0. */
export const engineFieldsOfForm = (v: ConnectionFormValues) => ({
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
  ...(traitsOf(channel).graphAccount === 'phone-number' ? Object.fromEntries(cloudApiFields.map((f) => [f, v[f].trim()])) : {}),
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

/** Group settings go with WhatsApp QR sessions only; a Cloud API number sends a new access token only when one was typed. */
export const updateConnectionBodyOf = (
  v: ConnectionFormValues,
  channel: Channel = 'webchat',
  options: ConnectionBodyOptions = {},
): UpdateConnectionBody => ({
  ...settingsOf(v, options),
  ...(traitsOf(channel).qrSession ? { allowGroup: v.allowGroup, groupAsTicket: v.groupAsTicket, ...importBodyOf(v) } : {}),
  ...(traitsOf(channel).graphAccount === 'phone-number' && v.accessToken.trim() ? { accessToken: v.accessToken.trim() } : {}),
});
