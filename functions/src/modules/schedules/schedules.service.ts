/**
 * Scheduled messages: the page's list and form (spec document 3 "Schedules (/schedules)", document 1 "Schedule")
 * and the send when one comes due (server reference section 7). Every create and update arms a one-time
 * Scheduler schedule named after the schedule, so arming again replaces the earlier one and deleting cancels it.
 */
import type { Contact } from '@switchboard/shared/contracts/contacts';
import {
  SCHEDULES_PAGE_SIZE,
  type Schedule,
  type ScheduleBody,
  type ScheduleListQuery,
} from '@switchboard/shared/contracts/schedules';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { logger } from '../../platform/logger.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { companyTimeZone } from '../tenancy/company-lookup.service.ts';
import { defaultConnection, findConnection, requireConnection } from '../connections/connections.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { cancelScheduledJob, scheduleJob } from '../jobs/jobs.service.ts';
import { sendScheduledText } from '../messages/message-sending.service.ts';
import { findQueue } from '../queues/queues.service.ts';
import { closeTicketAfterSchedule } from '../tickets/ticket-transitions.service.ts';
import { ticketForScheduledMessage } from '../tickets/ticket-routing.service.ts';
import { findUser } from '../user-records/user-lookup.service.ts';
import { scheduleJobName, scheduleSearchText, type ScheduleRecord } from './schedule.entity.ts';
import { hasNextRun, nextSendAt } from './schedule-recurrence.ts';
import {
  deleteScheduleRecord,
  getScheduleRecord,
  insertSchedule,
  querySchedules,
  replaceSchedule,
  ScheduleChanged,
} from './schedules.repository.ts';
import { companyMediaKey } from '../../platform/ports/media-keys.ts';

/** The job the Scheduler delivers to the jobs queue when a schedule's run is due. */
export const SEND_JOB = 'schedules.send';
export interface SendJob {
  companyId: number;
  scheduleId: number;
  /** the sendAt this run was armed for: a delivery for any other run is stale */
  runAt: string;
}

const now = () => clock().now().toISOString();

export const toSchedule = async (r: ScheduleRecord): Promise<Schedule> => {
  const { companyId: _c, userName: _u, searchText: _s, rev: _r, ...fields } = r;
  return { ...fields, mediaUrl: r.mediaPath ? await blobStore().downloadUrl(r.mediaPath) : null };
};

/** Arms the send of the schedule's current run (at once when its time has passed). */
const arm = async (r: ScheduleRecord): Promise<void> => {
  const due = new Date(r.sendAt);
  const at = due.getTime() < clock().now().getTime() ? clock().now() : due;
  const job: SendJob = { companyId: r.companyId, scheduleId: r.id, runAt: r.sendAt };
  await scheduleJob(scheduleJobName(r.companyId, r.id), at, { type: SEND_JOB, ...job });
};

const requireSchedule = async (auth: AuthContext, id: number): Promise<ScheduleRecord> => {
  const found = await getScheduleRecord(auth.companyId, id);
  if (!found) throw new AppError('ERR_NOT_FOUND', 'Unknown schedule');
  return found;
};

/** The form's references, all of the caller's company: another company's record answers 404. */
const resolveFields = async (auth: AuthContext, body: ScheduleBody) => {
  const contact = await getContact(auth.companyId, body.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const connection = body.whatsappId ? await requireConnection(auth.companyId, body.whatsappId) : undefined;
  const ticketUser = body.ticketUserId ? await findUser(auth.companyId, body.ticketUserId) : undefined;
  if (body.ticketUserId && !ticketUser) throw new AppError('ERR_NO_USER_FOUND');
  const queue = body.queueId ? await findQueue(auth.companyId, body.queueId) : undefined;
  if (body.queueId && !queue)
    throw new AppError('ERR_VALIDATION', 'Unknown queue', { fields: [{ path: 'body.queueId', message: 'Selecione uma fila' }] });
  return {
    body: body.body,
    contactId: contact.id,
    contact: { id: contact.id, name: contact.name, number: contact.number },
    sendAt: new Date(body.sendAt).toISOString(),
    whatsappId: connection?.id ?? null,
    whatsapp: connection ? { id: connection.id, name: connection.name } : null,
    ticketUserId: ticketUser?.id ?? null,
    ticketUser: ticketUser ? { id: ticketUser.id, name: ticketUser.name } : null,
    queueId: queue?.id ?? null,
    openTicket: body.openTicket,
    statusTicket: body.statusTicket,
    intervalo: body.intervalo,
    valorIntervalo: body.valorIntervalo,
    enviarQuantasVezes: body.enviarQuantasVezes,
    tipoDias: body.tipoDias,
    assinar: body.assinar,
    searchText: scheduleSearchText(body.body, contact.name),
  };
};

/** GET /schedules: 20 per page, newest created first, searched in the body and the contact's name. */
export const listSchedules = async (auth: AuthContext, q: ScheduleListQuery) => {
  const words = scheduleSearchText(q.searchParam ?? '', '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5);
  const page = await querySchedules(auth.companyId, {
    contactId: q.contactId,
    words,
    skip: (q.pageNumber - 1) * SCHEDULES_PAGE_SIZE,
    take: SCHEDULES_PAGE_SIZE,
  });
  const schedules = await Promise.all(page.records.map(toSchedule));
  return { schedules, count: schedules.length, hasMore: page.hasMore };
};

export const showSchedule = async (auth: AuthContext, id: number): Promise<Schedule> =>
  toSchedule(await requireSchedule(auth, id));

/** POST /schedules: status PENDENTE, armed for sendAt. */
export const createSchedule = async (auth: AuthContext, body: ScheduleBody): Promise<Schedule> => {
  const fields = await resolveFields(auth, body);
  const at = now();
  const record: ScheduleRecord = {
    id: await nextId(companyPk(auth.companyId), 'schedule'),
    companyId: auth.companyId,
    ...fields,
    sentAt: null,
    status: 'PENDENTE',
    contadorEnvio: 0,
    mediaPath: null,
    mediaName: null,
    userId: auth.userId,
    userName: auth.user.name,
    createdAt: at,
    updatedAt: at,
    rev: 1,
  };
  await insertSchedule(record);
  await arm(record);
  const schedule = await toSchedule(record);
  await domainEvents.emit({ name: 'schedule.created', companyId: auth.companyId, schedule });
  return schedule;
};

/** Writes a change to a schedule, re-reading when somebody else wrote it meanwhile. */
const changeSchedule = async (
  companyId: number,
  id: number,
  change: (r: ScheduleRecord) => ScheduleRecord | undefined,
): Promise<{ before: ScheduleRecord; after: ScheduleRecord } | undefined> => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = await getScheduleRecord(companyId, id);
    if (!before) throw new AppError('ERR_NOT_FOUND', 'Unknown schedule');
    const planned = change(before);
    if (!planned) return undefined;
    try {
      return { before, after: await replaceSchedule(before, planned) };
    } catch (error) {
      if (!(error instanceof ScheduleChanged)) throw error;
    }
  }
  throw new AppError('ERR_INTERNAL', 'The schedule is changing too fast, try again');
};

/** PUT /schedules/{id}: the new fields, back to PENDENTE with its runs counted afresh, armed again. */
export const updateSchedule = async (auth: AuthContext, id: number, body: ScheduleBody): Promise<Schedule> => {
  await requireSchedule(auth, id);
  const fields = await resolveFields(auth, body);
  const changed = await changeSchedule(auth.companyId, id, (r) => ({
    ...r,
    ...fields,
    status: 'PENDENTE',
    sentAt: null,
    contadorEnvio: 0,
    updatedAt: now(),
  }));
  const record = changed!.after;
  await arm(record);
  const schedule = await toSchedule(record);
  await domainEvents.emit({ name: 'schedule.updated', companyId: auth.companyId, schedule });
  return schedule;
};

/** DELETE /schedules/{id}: the schedule and its pending send are gone. */
export const deleteSchedule = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  await requireSchedule(auth, id);
  await cancelScheduledJob(scheduleJobName(auth.companyId, id));
  if (!(await deleteScheduleRecord(auth.companyId, id))) throw new AppError('ERR_NOT_FOUND', 'Unknown schedule');
  await domainEvents.emit({ name: 'schedule.deleted', companyId: auth.companyId, scheduleId: id });
  return { ok: true };
};

/**
 * POST /schedules/{id}/media-upload: where the browser uploads the attachment (png, jpg or jpeg); the schedule
 * names the file from now on, and a run sends it once it is there.
 */
export const uploadScheduleMedia = async (
  auth: AuthContext,
  id: number,
  file: { name: string; mimeType: string; size: number },
) => {
  await requireSchedule(auth, id);
  const key = companyMediaKey(auth.companyId, `s${id}`, file.name);
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  const changed = await changeSchedule(auth.companyId, id, (r) => ({
    ...r,
    mediaPath: key,
    mediaName: file.name,
    updatedAt: now(),
  }));
  const schedule = await toSchedule(changed!.after);
  await domainEvents.emit({ name: 'schedule.updated', companyId: auth.companyId, schedule });
  return { schedule, uploadUrl: target.url, headers: target.headers };
};

/** DELETE /schedules/{id}/media-upload: the schedule goes without an attachment. */
export const removeScheduleMedia = async (auth: AuthContext, id: number): Promise<Schedule> => {
  await requireSchedule(auth, id);
  const changed = await changeSchedule(auth.companyId, id, (r) =>
    r.mediaPath ? { ...r, mediaPath: null, mediaName: null, updatedAt: now() } : undefined,
  );
  const record = changed?.after ?? (await requireSchedule(auth, id));
  const schedule = await toSchedule(record);
  if (changed) await domainEvents.emit({ name: 'schedule.updated', companyId: auth.companyId, schedule });
  return schedule;
};

// ----- sending -----

const sendInTicket = async (s: ScheduleRecord, contact: Contact): Promise<boolean> => {
  const connection =
    (s.whatsappId ? await findConnection(s.companyId, s.whatsappId) : undefined) ?? (await defaultConnection(s.companyId));
  const open = s.openTicket === 'enabled' ? { userId: s.ticketUserId ?? s.userId, queueId: s.queueId } : undefined;
  const { ticket, created } = await ticketForScheduledMessage(s.companyId, connection, contact, open);
  const uploaded = s.mediaPath ? (await blobStore().size(s.mediaPath)) !== undefined : false;
  const message = await sendScheduledText(ticket, contact, {
    text: s.body,
    userName: s.userName,
    userId: s.userId,
    sign: s.assinar,
    media: uploaded && s.mediaPath ? { key: s.mediaPath, name: s.mediaName ?? 'image' } : undefined,
  });
  // an open ticket ends in the schedule's statusTicket; without one, a ticket opened only for this send is closed
  const close = s.openTicket === 'enabled' ? s.statusTicket === 'closed' : created;
  if (close) await closeTicketAfterSchedule(ticket, contact);
  // the send itself is queued: a channel that refuses it later stores the failure on the message
  return !message.error;
};

/**
 * The `schedules.send` job: sends the run it was armed for once. The run is claimed first (PENDENTE to AGENDADA
 * on the armed sendAt), so a redelivered or stale job finds nothing to do; a recurring schedule then moves to its
 * next sendAt and is armed again, otherwise it is ENVIADA. A send that could not be recorded and queued leaves it ERRO.
 */
export const runScheduledMessage = async (job: SendJob): Promise<void> => {
  const current = await getScheduleRecord(job.companyId, job.scheduleId);
  if (!current || current.status !== 'PENDENTE' || current.sendAt !== job.runAt) {
    logger.info('scheduled message skipped: deleted, already sent or re-armed', { ...job });
    return;
  }
  let claimed: ScheduleRecord;
  try {
    claimed = await replaceSchedule(current, { ...current, status: 'AGENDADA', updatedAt: now() });
  } catch (error) {
    if (error instanceof ScheduleChanged) return;
    throw error;
  }
  let after: ScheduleRecord;
  try {
    const contact = await getContact(claimed.companyId, claimed.contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    const delivered = await sendInTicket(claimed, contact);
    const sent = claimed.contadorEnvio + 1;
    const at = now();
    if (!delivered) after = { ...claimed, status: 'ERRO', contadorEnvio: sent, updatedAt: at };
    else if (hasNextRun(claimed, sent)) {
      const next = nextSendAt(new Date(claimed.sendAt), claimed, await companyTimeZone(claimed.companyId));
      after = { ...claimed, status: 'PENDENTE', sendAt: next.toISOString(), sentAt: at, contadorEnvio: sent, updatedAt: at };
    } else after = { ...claimed, status: 'ENVIADA', sentAt: at, contadorEnvio: sent, updatedAt: at };
  } catch (error) {
    logger.warn('scheduled message not sent', { ...job, error: error as Error });
    after = { ...claimed, status: 'ERRO', updatedAt: now() };
  }
  let saved: ScheduleRecord;
  try {
    saved = await replaceSchedule(claimed, after);
  } catch (error) {
    // edited or deleted while sending: the edit armed its own run
    if (error instanceof ScheduleChanged) return;
    throw error;
  }
  if (saved.status === 'PENDENTE') await arm(saved);
  await domainEvents.emit({ name: 'schedule.updated', companyId: saved.companyId, schedule: await toSchedule(saved) });
};
