/**
 * Scheduled messages (spec document 1 "Schedule (created from a ticket)", "Schedule form", "Schedule defaults";
 * document 3 "Schedules (/schedules)"; server reference section 7).
 */
import { z } from 'zod';
import { extensionMatches, extensionOf } from '../media-types.ts';
import { enabledDisabled, idParam } from './common.ts';
import { uploadBody } from './uploads.ts';

/** PENDENTE waiting, AGENDADA being sent, ENVIADA sent (every run done), ERRO the send failed. */
export const scheduleStatuses = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'] as const;
export const scheduleStatus = z.enum(scheduleStatuses);
export type ScheduleStatus = z.infer<typeof scheduleStatus>;

/** intervalo: 1 days, 2 weeks, 3 months, 4 minutes. */
export const scheduleIntervals = [1, 2, 3, 4] as const;
/** tipoDias: 4 send normally on non-working days, 5 one working day before, 6 one working day after. */
export const scheduleDayRules = [4, 5, 6] as const;

/** Spec "Schedule form": at least 5 characters. */
export const SCHEDULE_BODY_MIN = 5;
/** Spec "Schedule form": attachments are png, jpg or jpeg images. */
export const scheduleMediaExtensions = ['png', 'jpg', 'jpeg'] as const;
export const scheduleMediaTypes = ['image/png', 'image/jpeg'] as const;
/** Server reference section 7: 20 schedules per page. */
export const SCHEDULES_PAGE_SIZE = 20;

/** Spec "Schedule defaults" (the send time default, now plus one hour, is the form's). */
export const scheduleDefaults = {
  openTicket: 'enabled',
  statusTicket: 'closed',
  intervalo: 1,
  valorIntervalo: 1,
  enviarQuantasVezes: 1,
  tipoDias: 4,
  assinar: false,
} as const;

const summary = z.object({ id: z.number().int(), name: z.string() });

export const schedule = z.object({
  id: z.number().int(),
  body: z.string(),
  contactId: z.number().int(),
  contact: summary.extend({ number: z.string() }).nullable(),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  status: scheduleStatus,
  whatsappId: z.number().int().nullable(),
  whatsapp: summary.nullable(),
  ticketUserId: z.number().int().nullable(),
  ticketUser: summary.nullable(),
  queueId: z.number().int().nullable(),
  openTicket: enabledDisabled,
  statusTicket: z.enum(['closed', 'open']),
  intervalo: z.number().int(),
  valorIntervalo: z.number().int(),
  enviarQuantasVezes: z.number().int(),
  contadorEnvio: z.number().int(),
  tipoDias: z.number().int(),
  assinar: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  userId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof schedule>;
/** The realtime frames of `company{id}-schedule`, to the company's agents. */
export type ScheduleEvent = { action: 'create' | 'update'; schedule: Schedule } | { action: 'delete'; scheduleId: number };

const required = 'Requerido';

/** The fields of the schedule form, with the spec's texts. */
export const scheduleBody = z.object({
  body: z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .min(SCHEDULE_BODY_MIN, 'Mensaje muy corto')
    .max(4096),
  contactId: z.number({ error: required }).int().positive(),
  sendAt: z.iso.datetime({
    offset: true,
    error: (issue) => (issue.input === undefined || issue.input === '' ? required : 'Invalid date'),
  }),
  whatsappId: z.number().int().positive().nullable().optional(),
  ticketUserId: z.number().int().positive().nullable().optional(),
  queueId: z.number().int().positive().nullable().optional(),
  openTicket: enabledDisabled.default(scheduleDefaults.openTicket),
  statusTicket: z.enum(['closed', 'open']).default(scheduleDefaults.statusTicket),
  intervalo: z
    .number()
    .int()
    .refine((n) => (scheduleIntervals as readonly number[]).includes(n), 'intervalo must be 1, 2, 3 or 4')
    .default(scheduleDefaults.intervalo),
  valorIntervalo: z.number().int().min(0).max(1000).default(scheduleDefaults.valorIntervalo),
  enviarQuantasVezes: z.number().int().min(1).max(1000).default(scheduleDefaults.enviarQuantasVezes),
  tipoDias: z
    .number()
    .int()
    .refine((n) => (scheduleDayRules as readonly number[]).includes(n), 'tipoDias must be 4, 5 or 6')
    .default(scheduleDefaults.tipoDias),
  assinar: z.boolean().default(scheduleDefaults.assinar),
});
export type ScheduleBody = z.infer<typeof scheduleBody>;
export type ScheduleInput = z.input<typeof scheduleBody>;

export const scheduleIdParams = z.object({ id: idParam });

export const scheduleListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(500).default(1),
  contactId: idParam.optional(),
});
export type ScheduleListQuery = z.infer<typeof scheduleListQuery>;
export const scheduleListResponse = z.object({ schedules: z.array(schedule), count: z.number().int(), hasMore: z.boolean() });

/** Where the browser uploads the attachment; the schedule names the file from then on. */
export const scheduleMediaBody = uploadBody({ style: 'attachment', use: null, maxBytes: 16 * 1024 * 1024 })
  .refine((v) => (scheduleMediaTypes as readonly string[]).includes(v.mimeType.toLowerCase()), {
    message: 'Only png, jpg or jpeg',
    path: ['mimeType'],
  })
  .refine(
    (v) => (scheduleMediaExtensions as readonly string[]).includes(extensionOf(v.name)) && extensionMatches(v.name, v.mimeType),
    {
      message: 'Only png, jpg or jpeg',
      path: ['name'],
    },
  );
export const scheduleMediaResponse = z.object({
  schedule,
  uploadUrl: z.string(),
  headers: z.record(z.string(), z.string()),
});
