/**
 * The campaign dialog's form as pure functions (spec document 3 "Campaign dialog", sections 4 and 5): the values and
 * their defaults, what the dialog may change for a campaign's status, validation against the server's own schema,
 * and the body the API takes.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import {
  CAMPAIGN_EDIT_LEAD_MS,
  campaignBody,
  confirmationFields,
  messageFields,
  type Campaign,
  type ConfirmationField,
  type MessageField,
} from '@switchboard/shared/contracts/campaigns';
import { CAMPAIGN_CHANNEL_REFUSED, CAMPAIGN_LIST_REFUSED, campaignChannelIssue } from '@switchboard/shared/campaign-channels';
import type { Channel } from '@switchboard/shared/contracts/connections';
import type { z } from 'zod';

export type StatusTicket = Campaign['statusTicket'];
export type EditMode = Campaign['editable'];

export interface TemplateValues {
  name: string;
  language: string;
  params: string[];
  /** the text header's parameter, when the header has one */
  headerParams: string[];
}

/**
 * What fills a template placeholder: a campaign variable (the parameter is exactly `{key}` of a known variable) or a
 * fixed text (in which variables are still filled in per contact, as in the messages).
 */
export type ParamSource = { kind: 'variable'; key: string } | { kind: 'text' };

export const paramSourceOf = (param: string, variableKeys: readonly string[]): ParamSource => {
  const m = /^\{([\p{L}\p{N}_]+)\}$/u.exec(param);
  return m && variableKeys.includes(m[1]!) ? { kind: 'variable', key: m[1]! } : { kind: 'text' };
};

/** The parameter a choice of source gives: the variable's `{key}`, or an empty text to type (kept when it was one). */
export const paramFor = (source: ParamSource, current: string, variableKeys: readonly string[]): string =>
  source.kind === 'variable' ? `{${source.key}}` : paramSourceOf(current, variableKeys).kind === 'text' ? current : '';

/** The variables a placeholder may take: the recipient's fields, then the company's own (campaign settings). */
export const templateVariableKeys = (custom: readonly { key: string }[]): string[] => [
  'nome',
  'email',
  'numero',
  ...custom.map((v) => v.key),
];

export type CampaignFormValues = {
  name: string;
  confirmation: boolean;
  scheduledAt: Date | null;
  contactListId: number | null;
  tagListId: number | null;
  whatsappId: number | null;
  userId: number | null;
  queueId: number | null;
  openTicket: boolean;
  statusTicket: StatusTicket;
  template: TemplateValues | null;
} & Record<MessageField | ConfirmationField, string>;

export type CampaignField = keyof CampaignFormValues;
/** i18n keys (or the server's words) of the messages shown under the fields. */
export type CampaignFormErrors = Partial<Record<CampaignField, string>>;

const blankTexts = (): Record<MessageField | ConfirmationField, string> =>
  Object.fromEntries([...messageFields, ...confirmationFields].map((f) => [f, ''])) as Record<
    MessageField | ConfirmationField,
    string
  >;

/** Spec section 4 defaults: INATIVA (no date), statusTicket closed, openTicket disabled, confirmation false. */
export const emptyCampaignForm = (): CampaignFormValues => ({
  name: '',
  confirmation: false,
  scheduledAt: null,
  contactListId: null,
  tagListId: null,
  whatsappId: null,
  userId: null,
  queueId: null,
  openTicket: false,
  statusTicket: 'closed',
  template: null,
  ...blankTexts(),
});

export const campaignFormOf = (c: Campaign): CampaignFormValues => ({
  name: c.name,
  confirmation: c.confirmation,
  scheduledAt: c.scheduledAt ? new Date(c.scheduledAt) : null,
  contactListId: c.contactListId,
  tagListId: c.tagListId,
  whatsappId: c.whatsappId,
  userId: c.userId,
  queueId: c.queueId,
  openTicket: c.openTicket === 'enabled',
  statusTicket: c.statusTicket,
  template: c.template
    ? {
        name: c.template.name,
        language: c.template.language,
        params: [...c.template.params],
        headerParams: [...(c.template.headerParams ?? [])],
      }
    : null,
  ...(Object.fromEntries([...messageFields, ...confirmationFields].map((f) => [f, c[f]])) as Record<
    MessageField | ConfirmationField,
    string
  >),
});

/**
 * Spec section 4: editable when INATIVA, or PROGRAMADA with scheduledAt more than 1 hour ahead; a cancelled one only
 * its messages; anything else is read-only. Read against the clock, as the hour passes while the list is open.
 */
export const editModeOf = (c: Pick<Campaign, 'status' | 'scheduledAt'>, now: Date): EditMode => {
  if (c.status === 'INATIVA') return 'all';
  if (c.status === 'PROGRAMADA' && c.scheduledAt && new Date(c.scheduledAt).getTime() - now.getTime() > CAMPAIGN_EDIT_LEAD_MS)
    return 'all';
  if (c.status === 'CANCELADA') return 'messages';
  return 'none';
};

/** Which controls are locked: everything when read-only, all but the texts for a cancelled campaign. */
export interface FieldLocks {
  /** name, lists, connection, date, template, media, confirmation switch, ticket options */
  settings: boolean;
  /** the message and confirmation texts */
  texts: boolean;
  /** user, queue and ticket status: also while openTicket is off (spec section 4) */
  ticket: boolean;
}

export const fieldLocks = (mode: EditMode, openTicket: boolean): FieldLocks => ({
  settings: mode !== 'all',
  texts: mode === 'none',
  ticket: mode !== 'all' || !openTicket,
});

/** The recipients are a contact list or the contacts of a tag, never both: choosing one clears the other. */
export const withRecipients = (
  v: CampaignFormValues,
  source: { contactListId: number | null } | { tagListId: number | null },
): CampaignFormValues =>
  'contactListId' in source
    ? { ...v, contactListId: source.contactListId, tagListId: source.contactListId ? null : v.tagListId }
    : { ...v, tagListId: source.tagListId, contactListId: source.tagListId ? null : v.contactListId };

/** Templates exist on Cloud API connections only: another connection drops the chosen one. */
export const withConnection = (
  v: CampaignFormValues,
  whatsappId: number | null,
  channel: Channel | undefined,
): CampaignFormValues => ({
  ...v,
  whatsappId,
  template: channel !== undefined && traitsOf(channel).templates && whatsappId === v.whatsappId ? v.template : null,
});

/** A chosen template carries one parameter per placeholder of its header and of its body. */
export const withTemplate = (
  v: CampaignFormValues,
  template: { name: string; language: string; paramCount: number; headerParamCount?: number } | null,
): CampaignFormValues => ({
  ...v,
  template: template
    ? {
        name: template.name,
        language: template.language,
        params: Array.from({ length: template.paramCount }, (_, i) => v.template?.params[i] ?? ''),
        headerParams: Array.from({ length: template.headerParamCount ?? 0 }, (_, i) => v.template?.headerParams[i] ?? ''),
      }
    : null,
});

/** Without openTicket the user and queue mean nothing: they are cleared, and the ticket is closed again (the default). */
export const withOpenTicket = (v: CampaignFormValues, openTicket: boolean): CampaignFormValues =>
  openTicket ? { ...v, openTicket } : { ...v, openTicket, userId: null, queueId: null, statusTicket: 'closed' };

export type CampaignBodyInput = z.input<typeof campaignBody>;

export const campaignBodyOf = (v: CampaignFormValues): CampaignBodyInput => ({
  name: v.name.trim(),
  confirmation: v.confirmation,
  scheduledAt: v.scheduledAt && !Number.isNaN(v.scheduledAt.getTime()) ? v.scheduledAt.toISOString() : null,
  ...(Object.fromEntries([...messageFields, ...confirmationFields].map((f) => [f, v[f]])) as Record<
    MessageField | ConfirmationField,
    string
  >),
  contactListId: v.contactListId,
  tagListId: v.tagListId,
  whatsappId: v.whatsappId as number,
  userId: v.openTicket ? v.userId : null,
  queueId: v.openTicket ? v.queueId : null,
  openTicket: v.openTicket ? 'enabled' : 'disabled',
  statusTicket: v.statusTicket,
  template: v.template
    ? { name: v.template.name, language: v.template.language, params: v.template.params, headerParams: v.template.headerParams }
    : null,
});

/** The server's words, as the dictionaries hold them (spec section 5 quotes Required, Too Short!, Too Long!). */
const messageKeys: Record<string, string> = {
  Required: 'validation.requiredEn',
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  'Invalid date': 'campaigns.dialog.errors.invalidDate',
  'Choose a contact list or a tag, not both': 'campaigns.dialog.errors.listOrTag',
  'Templates are sent on WhatsApp Cloud API connections only': 'campaigns.dialog.errors.templateChannel',
  'Unknown queue': 'campaigns.dialog.errors.unknownQueue',
  [CAMPAIGN_CHANNEL_REFUSED]: 'campaigns.dialog.errors.channelCannotSend',
  [CAMPAIGN_LIST_REFUSED]: 'campaigns.dialog.errors.channelTagsOnly',
};
export const messageKeyOf = (message: string): string => messageKeys[message] ?? message;

const formFields = new Set<string>(Object.keys(emptyCampaignForm()));

/** Issues by the form's field (a template's parameter counts as the template), first message of each. */
const collect = (issues: readonly { path: readonly PropertyKey[]; message: string }[], strip: number): CampaignFormErrors => {
  const errors: CampaignFormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[strip] ?? '');
    if (!formFields.has(field)) continue;
    errors[field as CampaignField] ??= messageKeyOf(issue.message);
  }
  return errors;
};

/**
 * Spec section 5 (name 2 to 50, a connection, a queue when a user is picked) and the rest of the server's schema;
 * with the chosen connection's `channel`, also whether that channel can send the campaign to those recipients.
 */
export const validateCampaignForm = (v: CampaignFormValues, mode: EditMode = 'all', channel?: Channel): CampaignFormErrors => {
  const parsed = campaignBody.safeParse(campaignBodyOf(v));
  const errors = parsed.success ? {} : collect(parsed.error.issues, 0);
  // the schema's rules across fields run only once every field parses: they are applied here too, so one press of
  // Save shows every problem at once
  if (!v.contactListId && !v.tagListId) errors.contactListId ??= 'validation.requiredEn';
  if (v.openTicket && v.userId && !v.queueId) errors.queueId ??= 'validation.requiredEn';
  if (!v.template && messageFields.every((f) => !v[f].trim())) errors.message1 ??= 'validation.requiredEn';
  if (v.confirmation && confirmationFields.every((f) => !v[f].trim())) errors.confirmationMessage1 ??= 'validation.requiredEn';
  if (v.template && [...v.template.params, ...v.template.headerParams].some((p) => !p.trim()))
    errors.template ??= 'campaigns.dialog.errors.templateParams';
  const refused = channel ? campaignChannelIssue(channel, v) : undefined;
  if (refused) errors[refused.field] ??= messageKeyOf(refused.message);
  if (mode === 'messages') {
    // a cancelled campaign takes its texts only: the other fields are as the server holds them
    return Object.fromEntries(
      Object.entries(errors).filter(
        ([f]) => (messageFields as readonly string[]).includes(f) || (confirmationFields as readonly string[]).includes(f),
      ),
    );
  }
  return errors;
};

/** A 400's fields (`body.name`, ...) on the form's fields; those the form does not show are left to the toast. */
export const serverFieldErrors = (fields: readonly { path: string; message: string }[] | undefined): CampaignFormErrors =>
  collect(
    (fields ?? []).map((f) => ({ path: f.path.split('.'), message: f.message })),
    1,
  );

/** The tab holding the first text with an error, so the dialog can show it. */
export const firstTextWithError = (errors: CampaignFormErrors): MessageField | ConfirmationField | undefined =>
  [...messageFields, ...confirmationFields].find((f) => errors[f]);

/** The attachment's name as the server keeps it: spaces become underscores (spec section 5). */
export const attachmentName = (name: string): string => name.replace(/\s+/g, '_');
