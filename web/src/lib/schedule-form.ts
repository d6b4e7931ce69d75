import {
  SCHEDULE_BODY_MIN,
  scheduleDefaults,
  scheduleMediaExtensions,
  type Schedule,
  type ScheduleInput,
} from '@switchboard/shared/contracts/schedules';

/** The schedule form (spec document 1 "Schedule form" and "Schedule defaults"), shared by the page and the ticket. */
export interface ScheduleFormValues {
  body: string;
  contact: { id: number; name: string } | null;
  sendAt: Date | null;
  whatsappId: number | null;
  ticketUserId: number | null;
  queueId: number | null;
  openTicket: 'enabled' | 'disabled';
  statusTicket: 'closed' | 'open';
  intervalo: number;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: number;
  assinar: boolean;
}

/** i18n keys of the messages shown under the fields. */
export type ScheduleFormErrors = Partial<Record<'body' | 'contact' | 'sendAt' | 'media', string>>;

/** Spec "Schedule defaults": one hour from now; interval 1, repeat count 1, rule 4, ticket opened then closed. */
export const SCHEDULE_DEFAULT_DELAY_MS = 60 * 60 * 1000;

export const emptyScheduleForm = (now: Date, contact: ScheduleFormValues['contact'] = null): ScheduleFormValues => ({
  body: '',
  contact,
  sendAt: new Date(now.getTime() + SCHEDULE_DEFAULT_DELAY_MS),
  whatsappId: null,
  ticketUserId: null,
  queueId: null,
  openTicket: scheduleDefaults.openTicket,
  statusTicket: scheduleDefaults.statusTicket,
  intervalo: scheduleDefaults.intervalo,
  valorIntervalo: scheduleDefaults.valorIntervalo,
  enviarQuantasVezes: scheduleDefaults.enviarQuantasVezes,
  tipoDias: scheduleDefaults.tipoDias,
  assinar: scheduleDefaults.assinar,
});

export const scheduleFormOf = (s: Schedule): ScheduleFormValues => ({
  body: s.body,
  contact: s.contact ? { id: s.contact.id, name: s.contact.name } : { id: s.contactId, name: String(s.contactId) },
  sendAt: new Date(s.sendAt),
  whatsappId: s.whatsappId,
  ticketUserId: s.ticketUserId,
  queueId: s.queueId,
  openTicket: s.openTicket,
  statusTicket: s.statusTicket,
  intervalo: s.intervalo,
  valorIntervalo: s.valorIntervalo,
  enviarQuantasVezes: s.enviarQuantasVezes,
  tipoDias: s.tipoDias,
  assinar: s.assinar,
});

/** Spec: body required and at least 5 characters ('Requerido', 'Mensaje muy corto'); contact and time required. */
export const validateScheduleForm = (v: ScheduleFormValues): ScheduleFormErrors => {
  const errors: ScheduleFormErrors = {};
  const body = v.body.trim();
  if (!body) errors.body = 'schedules.dialog.required';
  else if (body.length < SCHEDULE_BODY_MIN) errors.body = 'schedules.dialog.tooShort';
  if (!v.contact) errors.contact = 'schedules.dialog.required';
  if (!v.sendAt || Number.isNaN(v.sendAt.getTime())) errors.sendAt = 'schedules.dialog.required';
  return errors;
};

/** Spec: the attachment is a png, jpg or jpeg image. */
export const isAcceptedScheduleMedia = (file: Pick<File, 'name'>): boolean => {
  const dot = file.name.lastIndexOf('.');
  return dot > 0 && (scheduleMediaExtensions as readonly string[]).includes(file.name.slice(dot + 1).toLowerCase());
};

export const SCHEDULE_MEDIA_ACCEPT = scheduleMediaExtensions.map((e) => `.${e}`).join(',');

/** The request body of a valid form (validate first: contact and time are present then). */
export const scheduleBodyOf = (v: ScheduleFormValues): ScheduleInput => ({
  body: v.body.trim(),
  contactId: v.contact!.id,
  sendAt: v.sendAt!.toISOString(),
  whatsappId: v.whatsappId,
  ticketUserId: v.ticketUserId,
  queueId: v.queueId,
  openTicket: v.openTicket,
  statusTicket: v.statusTicket,
  intervalo: v.intervalo,
  valorIntervalo: v.valorIntervalo,
  enviarQuantasVezes: v.enviarQuantasVezes,
  tipoDias: v.tipoDias,
  assinar: v.assinar,
});
