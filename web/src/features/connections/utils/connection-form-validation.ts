import { traitsOf } from '@switchboard/shared/channel-traits';
import {
  type Channel,
  BOT_USES_MAX,
  CONNECTION_MESSAGE_MAX,
  CONNECTION_NAME_MAX,
  CONNECTION_NAME_MIN,
  ENGINE_MINUTES_MAX,
  engineFieldIssues,
  EXPIRES_TICKET_HOURS_MAX,
  TIME_CREATE_NEW_TICKET_MAX,
} from '@switchboard/shared/contracts/connections';
import { weekIssues } from '@switchboard/shared/weekly-hours';
import { engineFieldsOfForm } from './connection-body.ts';
import {
  botUseFields,
  cloudApiFields,
  engineMessageFields,
  engineMinuteFields,
  localDay,
  twoYearsBefore,
  type ConnectionFormErrors,
  type ConnectionFormValues,
  type EngineFormField,
} from './connection-form.ts';

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
  if (traitsOf(context.channel).graphAccount === 'phone-number') {
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
  if (traitsOf(context.channel).qrSession && !context.creating)
    Object.assign(errors, validateImport(v, context.today ?? localDay()));
  Object.assign(errors, validateEngineFields(v, context));
  return errors;
};
