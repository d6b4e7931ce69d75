import {
  CONNECTION_MESSAGE_MAX,
  CONNECTION_NAME_MAX,
  CONNECTION_NAME_MIN,
  DEFAULT_WEBCHAT_COLOR,
  TIME_CREATE_NEW_TICKET_MAX,
  type CreatableChannel,
  type CreateConnectionBody,
  type UpdateConnectionBody,
} from '@switchboard/shared/contracts/connections';
import type { Connection } from '@switchboard/shared/contracts/inbox';

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
}

type MessageField = 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage';
export type ConnectionFormField = 'name' | 'color' | 'timeCreateNewTicket' | MessageField;
/** i18n keys of the messages shown under the fields. */
export type ConnectionFormErrors = Partial<Record<ConnectionFormField, string>>;

export type ConnectionTab = 'general' | 'messages' | 'integrations';
/** The tabs of the edit dialog that exist today; chatbot, assessments, flows, schedules and import come with their features. */
export const connectionTabs: readonly ConnectionTab[] = ['general', 'messages', 'integrations'];

const tabOf: Record<ConnectionFormField, ConnectionTab> = {
  name: 'general',
  color: 'general',
  timeCreateNewTicket: 'general',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
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
});

export const connectionFormOf = (c: Connection): ConnectionFormValues => ({
  name: c.name,
  isDefault: c.isDefault,
  color: c.color,
  timeCreateNewTicket: c.timeCreateNewTicket,
  greetingMessage: c.greetingMessage,
  complationMessage: c.complationMessage,
  outOfHoursMessage: c.outOfHoursMessage,
  queueIds: c.queueIds,
});

/** Spec document 2 section 5: the name is required and has 2 to 50 characters ('Too Short!', 'Too Long!'). */
export const validateConnectionForm = (v: ConnectionFormValues): ConnectionFormErrors => {
  const errors: ConnectionFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = 'validation.requiredEn';
  else if (name.length < CONNECTION_NAME_MIN) errors.name = 'validation.tooShort';
  else if (name.length > CONNECTION_NAME_MAX) errors.name = 'validation.tooLong';
  if (!/^#[0-9a-fA-F]{6}$/.test(v.color)) errors.color = 'connections.dialog.invalidColor';
  const time = v.timeCreateNewTicket;
  if (time === null || !Number.isInteger(time) || time < 0 || time > TIME_CREATE_NEW_TICKET_MAX) errors.timeCreateNewTicket = 'connections.dialog.invalidTime';
  for (const field of ['greetingMessage', 'complationMessage', 'outOfHoursMessage'] as const) {
    if (v[field].length > CONNECTION_MESSAGE_MAX) errors[field] = 'validation.tooLong';
  }
  return errors;
};

const settingsOf = (v: ConnectionFormValues) => ({
  name: v.name.trim(),
  isDefault: v.isDefault,
  color: v.color.toLowerCase(),
  timeCreateNewTicket: v.timeCreateNewTicket ?? 0,
  greetingMessage: v.greetingMessage,
  complationMessage: v.complationMessage,
  outOfHoursMessage: v.outOfHoursMessage,
  queueIds: v.queueIds,
});

export const createConnectionBodyOf = (channel: CreatableChannel, v: ConnectionFormValues): CreateConnectionBody => ({ channel, ...settingsOf(v) });

export const updateConnectionBodyOf = (v: ConnectionFormValues): UpdateConnectionBody => settingsOf(v);

/** The tag a site adds to show the web chat widget (README "The website chat widget on any site"). */
export const widgetEmbedSnippet = (origin: string, token: string): string =>
  `<script src="${origin.replace(/\/$/, '')}/widget.js" data-token="${token}" async></script>`;
