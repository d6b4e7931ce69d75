/**
 * Campaigns: bulk sends to a contact list or to the contacts carrying a tag (spec document 3: "Campaigns list",
 * "Campaign dialog", "Campaign settings", "Campaign report", entities in section 3, "Campaign status" in section 4,
 * validation in 5, calls in 7, constants in 9; server reference section 6).
 */
import { z } from 'zod';
import { enabledDisabled, idParam } from './common.ts';
import { MESSAGE_MEDIA_MAX_BYTES, uploadBody } from './uploads.ts';

export const campaignStatuses = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export const campaignStatus = z.enum(campaignStatuses);
export type CampaignStatus = z.infer<typeof campaignStatus>;

/** Server reference 6.1: 20 campaigns per page. */
export const CAMPAIGNS_PAGE_SIZE = 20;
/** Shipping rows per page of the report. */
export const CAMPAIGN_SHIPPING_PAGE_SIZE = 50;
/** Spec section 4: a scheduled campaign is editable while its start is more than this far ahead. */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;
/** Spec section 9: the report reloads this long after the campaign turns FINALIZADA. */
export const CAMPAIGN_REPORT_RELOAD_MS = 5000;
export const CAMPAIGN_MESSAGE_MAX = 4096;
export const CAMPAIGN_VARIANTS = [1, 2, 3, 4, 5] as const;

export const messageFields = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export const confirmationFields = [
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
] as const;
export type MessageField = (typeof messageFields)[number];
export type ConfirmationField = (typeof confirmationFields)[number];

// ----- settings -----

/** Spec section 9: the interval choices, in seconds. */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20, 30, 60, 70, 80, 100, 120] as const;
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 5, 10, 15, 20, 30, 40, 50, 60] as const;
export const GREATER_INTERVAL_OPTIONS = [0, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180] as const;
/** Opt-out words a new company starts with. */
export const DEFAULT_OPT_OUT_WORDS = ['sair', 'parar', 'stop', 'salir', 'cancelar'] as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Invalid hour');
const oneOf = (options: readonly number[]) =>
  z.coerce
    .number()
    .int()
    .refine((n) => options.includes(n), { message: `One of ${options.join(', ')}` });
const trueFalse = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

export const campaignVariable = z.object({
  key: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(40, 'Too Long!')
    .regex(/^[\p{L}\p{N}_]+$/u, 'Letters, digits and _ only'),
  value: z.string().max(1000, 'Too Long!'),
});
export type CampaignVariable = z.infer<typeof campaignVariable>;

/** The settings as the server keeps and answers them. */
export const campaignSettings = z.object({
  messageInterval: z.number().int(),
  longerIntervalAfter: z.number().int(),
  greaterInterval: z.number().int(),
  startHour: z.string(),
  endHour: z.string(),
  sabado: z.boolean(),
  domingo: z.boolean(),
  variables: z.array(campaignVariable),
  /** inbound texts that opt a number out of every later campaign, compared without case or accents */
  optOutWords: z.array(z.string()),
  /** sends per WhatsApp number and day, 0 for no cap */
  dailyLimit: z.number().int(),
  /** warm-up: a number's first day allows this many sends (0 turns warm-up off), then warmupIncrement more each day */
  warmupStart: z.number().int(),
  warmupIncrement: z.number().int(),
});
export type CampaignSettings = z.infer<typeof campaignSettings>;

/** Spec section 9 defaults; the cap and warm-up are off until a company sets them. */
export const campaignSettingsDefaults: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  startHour: '09:00',
  endHour: '18:00',
  sabado: false,
  domingo: false,
  variables: [],
  optOutWords: [...DEFAULT_OPT_OUT_WORDS],
  dailyLimit: 0,
  warmupStart: 0,
  warmupIncrement: 0,
};

export const saveCampaignSettingsBody = z.object({
  settings: z
    .object({
      messageInterval: oneOf(MESSAGE_INTERVAL_OPTIONS),
      longerIntervalAfter: oneOf(LONGER_INTERVAL_AFTER_OPTIONS),
      greaterInterval: oneOf(GREATER_INTERVAL_OPTIONS),
      startHour: hhmm,
      endHour: hhmm,
      sabado: trueFalse,
      domingo: trueFalse,
      variables: z
        .array(campaignVariable)
        .max(50)
        .refine((vs) => new Set(vs.map((v) => v.key.toLowerCase())).size === vs.length, 'Repeated key'),
      optOutWords: z.array(z.string().trim().min(1).max(40)).max(30),
      dailyLimit: z.coerce.number().int().min(0).max(100_000),
      warmupStart: z.coerce.number().int().min(0).max(100_000),
      warmupIncrement: z.coerce.number().int().min(0).max(100_000),
    })
    .partial()
    .refine((s) => !s.startHour || !s.endHour || s.startHour < s.endHour, {
      message: 'The end hour must come after the start hour',
      path: ['endHour'],
    }),
});
export type SaveCampaignSettingsBody = z.infer<typeof saveCampaignSettingsBody>;

/** GET /campaign-settings answers a list of key and value (spec section 7). */
export const campaignSettingEntry = z.object({ key: z.string(), value: z.unknown() });
export const campaignSettingsResponse = z.array(campaignSettingEntry);

/** Reads the key/value list into the settings, defaults for what is missing (a failed read falls back to them). */
export const settingsFromEntries = (entries: readonly { key: string; value: unknown }[]): CampaignSettings => {
  const out: Record<string, unknown> = { ...campaignSettingsDefaults };
  for (const { key, value } of entries) {
    if (!(key in campaignSettingsDefaults)) continue;
    const fallback = (campaignSettingsDefaults as Record<string, unknown>)[key];
    if (typeof fallback === 'boolean') out[key] = value === true || value === 'true';
    else if (typeof fallback === 'number') out[key] = Number.isFinite(Number(value)) ? Number(value) : fallback;
    else if (Array.isArray(fallback)) out[key] = Array.isArray(value) ? value : fallback;
    else out[key] = typeof value === 'string' ? value : fallback;
  }
  return out as CampaignSettings;
};

// ----- campaigns -----

const summary = z.object({ id: z.number().int(), name: z.string() });

export const campaignStats = z.object({
  /** recipients with a valid number when the campaign was prepared */
  valid: z.number().int(),
  /** sends the channel took and has not yet confirmed as delivered (ack 1) */
  sent: z.number().int().default(0),
  /** sends waiting for the channel to come up (a session that is down), retried until they go or fail */
  deferred: z.number().int().default(0),
  /** sends the channel confirmed as delivered to the customer's device (ack 2 or more), read ones included */
  delivered: z.number().int(),
  /** sends the customer read (ack 3 or more) */
  read: z.number().int().default(0),
  confirmationRequested: z.number().int(),
  confirmed: z.number().int(),
  failed: z.number().int(),
  /** recipients who wrote back before their turn, or opted out */
  skipped: z.number().int(),
  /**
   * members of the list or tag the campaign's connection cannot reach, left out when it was prepared: a number not on
   * WhatsApp, a group, a tagged contact of another channel (or of another page, whose ids are page-scoped)
   */
  unreachable: z.number().int().default(0),
});
export type CampaignStats = z.infer<typeof campaignStats>;

/**
 * A Cloud API template and what fills each of its placeholders: a campaign variable (`{nome}`, `{email}`,
 * `{numero}` or a custom `{key}`) or a fixed text, in which the variables are substituted per contact as well.
 */
export const campaignTemplate = z.object({
  name: z.string().min(1).max(512),
  language: z.string().min(1).max(20),
  /** body parameters in order ({{1}}, {{2}}, ...) */
  params: z.array(z.string().max(1000)).max(20).default([]),
  /** the text header's parameter, when its header has one (Meta allows one) */
  headerParams: z.array(z.string().max(60)).max(1).default([]),
});
export type CampaignTemplate = z.infer<typeof campaignTemplate>;

export const campaign = z.object({
  id: z.number().int(),
  name: z.string(),
  status: campaignStatus,
  confirmation: z.boolean(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  confirmationMessage1: z.string(),
  confirmationMessage2: z.string(),
  confirmationMessage3: z.string(),
  confirmationMessage4: z.string(),
  confirmationMessage5: z.string(),
  contactListId: z.number().int().nullable(),
  contactList: summary.nullable(),
  tagListId: z.number().int().nullable(),
  tagList: summary.nullable(),
  whatsappId: z.number().int(),
  whatsapp: summary.extend({ channel: z.string() }).nullable(),
  userId: z.number().int().nullable(),
  queueId: z.number().int().nullable(),
  openTicket: enabledDisabled,
  statusTicket: z.enum(['closed', 'pending', 'open']),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  template: campaignTemplate.nullable(),
  stats: campaignStats,
  /** what the dialog may change now (spec section 4) */
  editable: z.enum(['all', 'messages', 'none']),
  companyId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaign>;

/** `company-{id}-campaign` frames (server reference 6.1). */
export type CampaignEvent = { action: 'create' | 'update'; record: Campaign } | { action: 'delete'; id: number };

const nullableId = z
  .preprocess((v) => (v === '' || v === 0 ? null : v), z.coerce.number().int().positive().nullable())
  .default(null);
const message = z.string().max(CAMPAIGN_MESSAGE_MAX, 'Too Long!').default('');

export const campaignBody = z
  .object({
    name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!'),
    confirmation: trueFalse.default(false),
    scheduledAt: z
      .preprocess((v) => (v === '' ? null : v), z.iso.datetime({ offset: true, error: 'Invalid date' }).nullable())
      .default(null),
    message1: message,
    message2: message,
    message3: message,
    message4: message,
    message5: message,
    confirmationMessage1: message,
    confirmationMessage2: message,
    confirmationMessage3: message,
    confirmationMessage4: message,
    confirmationMessage5: message,
    contactListId: nullableId,
    tagListId: nullableId,
    whatsappId: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number({ error: 'Required' }).int().positive('Required'),
    ),
    userId: nullableId,
    queueId: nullableId,
    openTicket: enabledDisabled.default('disabled'),
    statusTicket: z.enum(['closed', 'pending', 'open']).default('closed'),
    template: campaignTemplate.nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (!b.contactListId && !b.tagListId) ctx.addIssue({ code: 'custom', path: ['contactListId'], message: 'Required' });
    if (b.contactListId && b.tagListId)
      ctx.addIssue({ code: 'custom', path: ['tagListId'], message: 'Choose a contact list or a tag, not both' });
    if (b.userId && !b.queueId) ctx.addIssue({ code: 'custom', path: ['queueId'], message: 'Required' });
    if (!b.template && messageFields.every((f) => !b[f].trim()))
      ctx.addIssue({ code: 'custom', path: ['message1'], message: 'Required' });
    if (b.confirmation && confirmationFields.every((f) => !b[f].trim()))
      ctx.addIssue({ code: 'custom', path: ['confirmationMessage1'], message: 'Required' });
  });
export type CampaignBody = z.infer<typeof campaignBody>;

export const campaignIdParams = z.object({ id: idParam });
export const campaignListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
});
export const campaignListResponse = z.object({ records: z.array(campaign), hasMore: z.boolean() });

/**
 * A row's state. After its send is recorded it follows the message's receipts: sent (the channel took it), deferred
 * (the channel is down, the send is retried), delivered (ack 2), read (ack 3); failed with the channel's reason.
 */
export const shippingStatuses = [
  'planned',
  'queued',
  'sending',
  'sent',
  'deferred',
  'awaitingConfirmation',
  'delivered',
  'read',
  'failed',
  'skipped',
] as const;
export type ShippingStatus = (typeof shippingStatuses)[number];

export const campaignShipping = z.object({
  number: z.string(),
  name: z.string(),
  status: z.enum(shippingStatuses),
  message: z.string().nullable(),
  confirmationMessage: z.string().nullable(),
  dueAt: z.string().nullable(),
  /** when the send was recorded and handed to the channel */
  sentAt: z.string().nullable().default(null),
  /** when the channel confirmed the delivery (ack 2) */
  deliveredAt: z.string().nullable(),
  confirmationRequestedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** why it failed, was skipped or is deferred */
  reason: z.string().nullable(),
});
export type CampaignShipping = z.infer<typeof campaignShipping>;

export const campaignShippingQuery = z.object({
  cursor: z.string().max(2048).optional(),
  /** only the failed, deferred and skipped rows */
  problems: z.enum(['true', 'false']).optional(),
});
export const campaignShippingResponse = z.object({
  shipping: z.array(campaignShipping),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
});

/** GET /campaigns/{id}: the campaign with its counts and the first page of its shipping rows. */
export const campaignDetails = campaign.extend({ shipping: z.array(campaignShipping), hasMoreShipping: z.boolean() });

export const campaignMediaBody = uploadBody({ style: 'setting', use: 'message', maxBytes: MESSAGE_MEDIA_MAX_BYTES });
export const campaignMediaResponse = z.object({ campaign, uploadUrl: z.string(), headers: z.record(z.string(), z.string()) });
