/**
 * Sending a campaign (server reference 6.2 to 6.4), as jobs on the jobs queue:
 * - `campaigns.start` (a one-time Scheduler schedule at scheduledAt): PROGRAMADA becomes EM_ANDAMENTO in a new run;
 * - `campaigns.prepare`: a page of recipients at a time, each gets its shipping row with the time its send is due
 *   (campaign-pacing.ts); the pacing state travels in the job to the next page;
 * - `campaigns.release`: the rows due within the next minutes become `campaigns.send` jobs delayed to their time
 *   (SQS delays reach 15 minutes); the next release waits on the queue or, further away, on the Scheduler. A
 *   campaign of any size keeps only minutes of sends on the queue, and never polls;
 * - `campaigns.send`: one recipient. The row is claimed by a conditional write (queued -> sending) before anything
 *   goes out, so a redelivered or concurrent job never sends twice; a job of an earlier run, of a cancelled
 *   campaign, or for a contact who wrote back or opted out sends nothing. A send due outside the hours, weekdays
 *   or the number's daily cap moves to the next allowed moment.
 * A customer's message reaches `noteCustomerMessage` (campaign-replies listener) before the conversation engine.
 */
import {
  confirmationFields,
  messageFields,
  type CampaignSettings,
  type CampaignStats,
  type ShippingStatus,
} from '@switchboard/shared/contracts/campaigns';
import { ACK_DELIVERED, ACK_READ, ACK_SENT, type Contact } from '@switchboard/shared/contracts/inbox';
import { substituteVariables } from '@switchboard/shared/message-variables';
import { clock } from '../../platform/clock.ts';
import { logger } from '../../platform/logger.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { companyTimeZone } from '../companies/company-lookup.service.ts';
import { findConnection } from '../connections/connections.service.ts';
import { findOrCreateContactByIdentity } from '../contacts/contacts.service.ts';
import { cancelScheduledJob, enqueueJob, scheduleJob, type JobBody } from '../jobs/jobs.service.ts';
import { findStoredMessage, type MessageRecord } from '../messages/message-sends.service.ts';
import { sendCampaignMessage } from '../messages/messages.service.ts';
import { closeTicketAfterSchedule } from '../tickets/ticket-transitions.service.ts';
import { ticketForScheduledMessage } from '../tickets/ticket-routing.service.ts';
import {
  dailyCapOf,
  initialPacing,
  JITTER_RATIO,
  localDay,
  nextAllowedDay,
  nextAllowedMoment,
  planNext,
  type PacingRules,
  type PacingState,
} from './campaign-pacing.ts';
import { publishCampaign, toCampaign } from './campaign-presentation.ts';
import { pageRecipients } from './campaign-recipients.ts';
import { campaignSettingsOf } from './campaign-settings.service.ts';
import { dueIndex, releaseJobName, startJobName, type CampaignRecord, type ShippingRecord } from './campaign.entity.ts';
import {
  addStats,
  CampaignChanged,
  noteLateFailure,
  campaignsOfNumber,
  countDailySend,
  firstPlanned,
  getCampaignRecord,
  getShipping,
  getStats,
  isOptedOut,
  moveShipping,
  noteReply,
  planShipping,
  putOptOut,
  queryDue,
  replaceCampaign,
  setPrepared,
  claimSendSlot,
} from './campaigns.repository.ts';
import { CAMPAIGN_MARK } from './campaign.entity.ts';
import { renderTemplateBody } from '../../channels/whatsapp-cloud/cloud-templates.ts';

export const START_JOB = 'campaigns.start';
export const PREPARE_JOB = 'campaigns.prepare';
export const RELEASE_JOB = 'campaigns.release';
export const SEND_JOB = 'campaigns.send';

export { CAMPAIGN_MARK };
/** Sends a release puts on the queue at once; the rest wait for the next release. */
const RELEASE_BATCH = 100;
/** How far ahead a release looks (under SQS's 15-minute delay limit). */
const RELEASE_HORIZON_MS = 14 * 60_000;
const MAX_DELAY_S = 900;
/** Server reference 6.4: the real message follows a confirmation 0 to 9 seconds later. */
const CONFIRMED_DELAY_MAX_S = 9;
/** A claim older than this was abandoned (the function timed out mid-send): it is failed, never sent again. */
const STALE_CLAIM_MS = 5 * 60_000;

const now = () => clock().now();
const iso = () => now().toISOString();

export type SendJob = {
  companyId: number;
  campaignId: number;
  number: string;
  run: number;
};

/** Writes a change to a campaign, reading it again when somebody else wrote it meanwhile. */
export const changeCampaign = async (
  companyId: number,
  id: number,
  change: (r: CampaignRecord) => CampaignRecord | undefined,
): Promise<{ before: CampaignRecord; after: CampaignRecord } | undefined> => {
  for (let attempt = 0; attempt < 8; attempt++) {
    const before = await getCampaignRecord(companyId, id);
    if (!before) return undefined;
    const planned = change(before);
    if (!planned) return undefined;
    try {
      return { before, after: await replaceCampaign(before, planned) };
    } catch (error) {
      if (!(error instanceof CampaignChanged)) throw error;
    }
  }
  throw new Error(`campaign ${id} is changing too fast`);
};

const announce = async (r: CampaignRecord): Promise<void> =>
  publishCampaign(r.companyId, { action: 'update', record: await toCampaign(r) });

/** Runs `job` at `at`: on the queue with a delay when near, through the Scheduler (named `name`) when further. */
const runAt = async (job: JobBody, at: Date, name: string): Promise<void> => {
  const seconds = Math.ceil((at.getTime() - now().getTime()) / 1000);
  if (seconds <= MAX_DELAY_S) await enqueueJob(job, { delaySeconds: Math.max(0, seconds) });
  else await scheduleJob(name, at, job);
};

// ----- start, restart, cancel -----

/** Arms the start of a PROGRAMADA campaign at scheduledAt (at once when that has passed). */
export const armStart = async (r: CampaignRecord): Promise<void> => {
  const due = new Date(r.scheduledAt ?? iso());
  const at = due.getTime() < now().getTime() ? now() : due;
  await scheduleJob(startJobName(r.companyId, r.id), at, {
    type: START_JOB,
    companyId: r.companyId,
    campaignId: r.id,
    scheduledAt: r.scheduledAt ?? '',
  });
};

/** Cancels what the campaign has waiting on the Scheduler; queued sends find it not running and send nothing. */
export const disarm = async (r: CampaignRecord): Promise<void> => {
  await cancelScheduledJob(startJobName(r.companyId, r.id));
  await cancelScheduledJob(releaseJobName(r.companyId, r.id));
};

const prepareJob = (
  r: CampaignRecord,
  cursor: string | null,
  pacing: PacingState,
  earliest: string,
  valid: number,
  unreachable = 0,
) => ({
  type: PREPARE_JOB,
  companyId: r.companyId,
  campaignId: r.id,
  run: r.run,
  cursor,
  pacing,
  earliest,
  valid,
  unreachable,
});

/** A restarted run plans every recipient not sent yet, from now on. */
export const restartRun = async (r: CampaignRecord): Promise<void> => {
  await setPrepared(r.companyId, r.id, false);
  // one interval from now at the soonest: the last send before the cancel may have just gone
  const settings = await campaignSettingsOf(r.companyId);
  const earliest = new Date(now().getTime() + settings.messageInterval * 1000).toISOString();
  await enqueueJob(prepareJob(r, null, initialPacing(), earliest, 0));
};

/** The `campaigns.start` job: a PROGRAMADA campaign whose date came starts its first run. */
export const startCampaign = async (job: { companyId: number; campaignId: number; scheduledAt: string }): Promise<void> => {
  const changed = await changeCampaign(job.companyId, job.campaignId, (r) =>
    r.status === 'PROGRAMADA' && (r.scheduledAt ?? '') === job.scheduledAt
      ? { ...r, status: 'EM_ANDAMENTO', run: r.run + 1, startedAt: r.startedAt ?? iso(), updatedAt: iso() }
      : undefined,
  );
  if (!changed) return;
  await setPrepared(job.companyId, job.campaignId, false);
  await enqueueJob(prepareJob(changed.after, null, initialPacing(), iso(), 0));
  await announce(changed.after);
};

// ----- planning -----

const rulesOf = async (r: CampaignRecord, settings: CampaignSettings): Promise<PacingRules> => {
  // sending hours, weekends and the warm-up's days are the company's local ones
  const timeZone = await companyTimeZone(r.companyId);
  const connection = await findConnection(r.companyId, r.whatsappId);
  // warm-up counts the number's days from when it was added
  const firstDay = localDay(new Date(connection?.createdAt ?? r.startedAt ?? iso()), timeZone);
  return {
    messageInterval: settings.messageInterval,
    longerIntervalAfter: settings.longerIntervalAfter,
    greaterInterval: settings.greaterInterval,
    startHour: settings.startHour,
    endHour: settings.endHour,
    sabado: settings.sabado,
    domingo: settings.domingo,
    timeZone,
    jitterRatio: JITTER_RATIO,
    dailyCap: dailyCapOf(settings, firstDay),
  };
};

const running = (r: CampaignRecord | undefined, run: number): r is CampaignRecord =>
  r !== undefined && r.status === 'EM_ANDAMENTO' && r.run === run;

/** The `campaigns.prepare` job: plans one page of recipients and hands the rest to the next job. */
export const prepareCampaign = async (job: {
  companyId: number;
  campaignId: number;
  run: number;
  cursor: string | null;
  pacing: PacingState;
  earliest: string;
  valid: number;
  unreachable?: number;
}): Promise<void> => {
  const r = await getCampaignRecord(job.companyId, job.campaignId);
  if (!running(r, job.run)) return;
  const settings = await campaignSettingsOf(r.companyId);
  const rules = await rulesOf(r, settings);
  const connection = await findConnection(r.companyId, r.whatsappId);
  const page = await pageRecipients(
    r.companyId,
    r,
    { channel: connection?.channel ?? 'whatsapp', connectionId: r.whatsappId },
    job.cursor ?? undefined,
  );
  let pacing = job.pacing;
  let skipped = 0;
  for (const recipient of page.recipients) {
    const base: ShippingRecord = {
      companyId: r.companyId,
      campaignId: r.id,
      run: r.run,
      number: recipient.number,
      name: recipient.name,
      email: recipient.email,
      status: 'planned',
      message: null,
      confirmationMessage: null,
      dueAt: null,
      sentAt: null,
      deliveredAt: null,
      confirmationRequestedAt: null,
      confirmedAt: null,
      repliedAt: null,
      reason: null,
      sendingAt: null,
      contactId: null,
    };
    if (await isOptedOut(r.companyId, recipient.number)) {
      if (await planShipping({ ...base, status: 'skipped', reason: 'optedOut' })) skipped += 1;
      continue;
    }
    const next = planNext(pacing, rules, new Date(job.earliest), Math.random);
    // a number already sent (or being sent) in this campaign keeps its row and takes no place in the pacing
    if (await planShipping({ ...base, dueAt: next.at.toISOString() })) pacing = next.state;
    else if (await moveShipping(base, ['planned', 'queued'], 'skipped', { reason: 'replied' }, { replied: true })) skipped += 1;
  }
  if (skipped) await addStats(r.companyId, r.id, { skipped });
  const valid = job.valid + page.recipients.length;
  // counted in the job like the valid ones, so a redelivered page or a restarted run counts each member once
  const unreachable = (job.unreachable ?? 0) + page.invalid;
  if (page.nextCursor) {
    await enqueueJob(prepareJob(r, page.nextCursor, pacing, job.earliest, valid, unreachable));
    return;
  }
  await setPrepared(r.companyId, r.id, true, valid, unreachable);
  await enqueueJob({ type: RELEASE_JOB, companyId: r.companyId, campaignId: r.id, run: r.run });
  await finishIfDone(r.companyId, r.id);
};

/** The `campaigns.release` job: the rows due soon become delayed send jobs; the next release is armed. */
export const releaseCampaign = async (job: { companyId: number; campaignId: number; run: number }): Promise<void> => {
  const r = await getCampaignRecord(job.companyId, job.campaignId);
  if (!running(r, job.run)) return;
  const horizon = new Date(now().getTime() + RELEASE_HORIZON_MS).toISOString();
  const due = await queryDue(r.companyId, r.id, r.run, horizon, RELEASE_BATCH);
  for (const row of due) {
    const send = { type: SEND_JOB, companyId: r.companyId, campaignId: r.id, number: row.number, run: r.run };
    const seconds = Math.ceil((new Date(row.dueAt!).getTime() - now().getTime()) / 1000);
    // queued before its job exists: a send job taken at once must find the row queued, or it drops it for good;
    // a row that changed meanwhile (the contact replied, the campaign was cancelled) gets no job
    if (!(await moveShipping(row, ['planned'], 'queued', {}, { run: r.run }))) continue;
    try {
      await enqueueJob(send, { delaySeconds: Math.min(MAX_DELAY_S, Math.max(0, seconds)) });
    } catch (error) {
      // no job for it: planned again (back in the due index), for this release job's retry to queue
      const due = dueIndex(r.companyId, r.id, r.run, row.dueAt!, row.number) as unknown as Partial<ShippingRecord>;
      await moveShipping(row, ['queued'], 'planned', due, { run: r.run });
      throw error;
    }
  }
  const release = { type: RELEASE_JOB, companyId: r.companyId, campaignId: r.id, run: r.run };
  if (due.length === RELEASE_BATCH) {
    await enqueueJob(release);
    return;
  }
  const next = await firstPlanned(r.companyId, r.id, r.run);
  if (!next?.dueAt) return;
  // released a little ahead of the first send it will queue
  await runAt(release, new Date(new Date(next.dueAt).getTime() - 60_000), releaseJobName(r.companyId, r.id));
};

// ----- sending -----

const pick = (values: string[]): string | undefined => {
  const options = values.filter((v) => v.trim());
  return options.length ? options[Math.floor(Math.random() * options.length)] : undefined;
};

/**
 * Campaign variables (server reference 4.5): the recipient's name, first name, e-mail and number, then the campaign's
 * custom pairs, written {{name}} or in the older {nome}, {email}, {numero}, {key} forms (shared message-variables).
 */
export const fillVariables = (
  text: string,
  recipient: { name: string; email: string; number: string },
  variables: CampaignSettings['variables'],
): string => {
  const values: Record<string, string> = {};
  for (const v of variables) if (v.key.trim()) values[v.key.trim()] = v.value;
  Object.assign(values, {
    name: recipient.name,
    firstName: recipient.name.trim().split(/\s+/)[0] ?? '',
    email: recipient.email,
    number: recipient.number,
    nome: recipient.name,
    numero: recipient.number,
  });
  return substituteVariables(text, values);
};

const settle = async (
  row: ShippingRecord,
  to: ShippingRecord['status'],
  fields: Partial<ShippingRecord>,
  delta: Partial<CampaignStats>,
): Promise<void> => {
  const moved = await moveShipping(row, ['sending'], to, fields, { run: row.run });
  if (!moved) return;
  await addStats(row.companyId, row.campaignId, delta);
  // the channel refused one of its messages before the row was settled: the row fails now
  const late = moved.row.lateFailure;
  if (late && moved.row.messageIds?.includes(late.messageId)) await failSent(moved.row, late.messageId, late.reason);
};

/** The counters a row in `status` stands in (a read send is a delivered one too). */
const rowCounters = (status: ShippingStatus): Partial<CampaignStats> => {
  switch (status) {
    case 'sent':
      return { sent: 1 };
    case 'deferred':
      return { deferred: 1 };
    case 'delivered':
      return { delivered: 1 };
    case 'read':
      return { delivered: 1, read: 1 };
    case 'failed':
      return { failed: 1 };
    default:
      return {};
  }
};

/** How the counters move when a row goes from one status to another. */
const statsMove = (from: ShippingStatus, to: ShippingStatus): Partial<CampaignStats> => {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(rowCounters(from))) out[k] = (out[k] ?? 0) - (n ?? 0);
  for (const [k, n] of Object.entries(rowCounters(to))) out[k] = (out[k] ?? 0) + (n ?? 0);
  return out as Partial<CampaignStats>;
};

type RowKey = Pick<ShippingRecord, 'companyId' | 'campaignId' | 'number'>;

/**
 * A send of the row that the channel refused after the row was settled: any settled status but failed and skipped
 * becomes failed with the reason, once.
 */
const failSent = async (row: RowKey, messageId: string, reason: string): Promise<boolean> => {
  const moved = await moveShipping(
    row,
    ['sent', 'deferred', 'delivered', 'read', 'awaitingConfirmation'],
    'failed',
    { reason, lateFailure: null },
    { message: { id: messageId, of: 'messageIds' } },
  );
  if (!moved) return false;
  await addStats(row.companyId, row.campaignId, statsMove(moved.was, 'failed'));
  return true;
};

/**
 * The shipping rows a message of ours may be of: the one its campaign's send recorded on it or, for a message
 * recorded before messages named their campaign send, the number's row in each campaign it was planned in (receipts
 * of those still come days later; the number's markers expire 60 days on).
 */
const rowsOfMessage = async (companyId: number, number: string, message: MessageRecord | undefined): Promise<RowKey[]> => {
  if (!message) return [];
  if (message.campaignSend) return [{ companyId, ...message.campaignSend }];
  return (await campaignsOfNumber(companyId, number)).map((campaignId) => ({ companyId, campaignId, number }));
};

/** What a message's state makes of its row, and the statuses it may come from (receipts never move a row back). */
const receiptMove = (
  state: { ack: number } | { deferred: string },
): { to: ShippingStatus; from: ShippingStatus[]; fields: { deliveredAt?: string; reason?: string | null } } | undefined => {
  if ('deferred' in state) return { to: 'deferred', from: ['sent'], fields: { reason: state.deferred.slice(0, 300) } };
  if (state.ack >= ACK_READ)
    return { to: 'read', from: ['sent', 'deferred', 'delivered'], fields: { deliveredAt: iso(), reason: null } };
  if (state.ack >= ACK_DELIVERED)
    return { to: 'delivered', from: ['sent', 'deferred'], fields: { deliveredAt: iso(), reason: null } };
  if (state.ack >= ACK_SENT) return { to: 'sent', from: ['deferred'], fields: { reason: null } };
  return undefined;
};

/**
 * A campaign's message changed at the channel (a receipt raised its ack, or its send was deferred because the
 * channel is down): the row of that send follows, and the report's counters with it. A receipt that finds the row
 * still being settled is retried by the job's redelivery.
 */
export const noteSendState = async (
  companyId: number,
  number: string,
  messageId: string,
  state: { ack: number } | { deferred: string },
): Promise<void> => {
  const move = receiptMove(state);
  if (!move) return;
  const message = await findStoredMessage(companyId, messageId);
  // a deferral overtaken by the send going out (its job came late) is old news
  if ('deferred' in state && message?.sendState !== 'pending') return;
  for (const key of await rowsOfMessage(companyId, number, message)) {
    const row = await getShipping(companyId, key.campaignId, key.number);
    if (!row) continue;
    const campaignId = row.campaignId;
    // a delivery that came before the row was settled: the job's redelivery applies it (a send or a deferral met
    // there needs nothing, the row settles as sent and the next deferral comes again)
    if (row.status === 'sending' && move.to !== 'sent' && move.to !== 'deferred')
      throw new Error(`campaign ${campaignId} send to ${number} not settled yet`);
    if (!row.sentIds?.includes(messageId)) continue;
    // a read receipt keeps the moment the delivery was confirmed, when it was
    const fields = row.deliveredAt ? { ...move.fields, deliveredAt: undefined } : move.fields;
    const ofSend = { message: { id: messageId, of: 'sentIds' as const } };
    const moved = await moveShipping(row, move.from, move.to, fields, ofSend);
    if (!moved) return;
    await addStats(companyId, campaignId, statsMove(moved.was, move.to));
    // the send may have gone out between the check above and this move, its own receipt finding the row still
    // sent: the row is put back
    if (move.to === 'deferred' && (await findStoredMessage(companyId, messageId))?.sendState !== 'pending') {
      const back = receiptMove({ ack: ACK_SENT });
      if (back && (await moveShipping(row, back.from, back.to, back.fields, ofSend)))
        await addStats(companyId, campaignId, statsMove('deferred', 'sent'));
    }
    await finishIfDone(companyId, campaignId);
    return;
  }
};

/**
 * One of our messages failed at the channel (outbound sends after the campaign settled the row): when it was a
 * campaign's send to that number, its row becomes failed with the channel's reason, and the report shows it.
 */
export const noteSendFailure = async (companyId: number, number: string, messageId: string, error: string): Promise<void> => {
  const reason = error.replace(/^ERR_SENDING_WAPP_MSG:\s*/, '').slice(0, 300) || error;
  for (const key of await rowsOfMessage(companyId, number, await findStoredMessage(companyId, messageId))) {
    // the row may settle between the read and the note: then it is read again and failed as settled
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await getShipping(companyId, key.campaignId, key.number);
      if (row?.messageIds?.includes(messageId)) {
        if (await failSent(row, messageId, reason)) await finishIfDone(companyId, key.campaignId);
        break;
      }
      if (row?.status !== 'sending' || (await noteLateFailure(row, messageId, reason))) break;
    }
  }
};

/** Moves a send that may not go now to `at`, keeping it queued for the same run. */
const postpone = async (job: SendJob, at: Date): Promise<void> => {
  await moveShipping(job, ['queued'], 'queued', { dueAt: at.toISOString() }, { run: job.run });
  await runAt({ type: SEND_JOB, ...job }, at, `campaign-${job.companyId}-${job.campaignId}-ship-${job.number}`);
};

const skip = async (job: SendJob, reason: string): Promise<void> => {
  const moved = await moveShipping(job, ['queued', 'planned'], 'skipped', { reason }, { run: job.run });
  if (moved) await addStats(job.companyId, job.campaignId, { skipped: 1 });
};

/** The `campaigns.send` job: one recipient's message (or confirmation request), at most once. */
export const sendToRecipient = async (job: SendJob): Promise<void> => {
  const r = await getCampaignRecord(job.companyId, job.campaignId);
  if (!running(r, job.run)) return;
  const row = await getShipping(job.companyId, job.campaignId, job.number);
  if (!row || row.run !== job.run) return;
  if (row.status === 'sending' && row.sendingAt && now().getTime() - new Date(row.sendingAt).getTime() > STALE_CLAIM_MS) {
    // whether the abandoned send reached the channel is unknown: failing it never risks a second message
    await settle(row, 'failed', { reason: 'interrupted' }, { failed: 1 });
    await finishIfDone(r.companyId, r.id);
    return;
  }
  if (row.status !== 'queued') return;
  if (row.dueAt && new Date(row.dueAt).getTime() - now().getTime() > 1000) {
    // came early (a delay is capped at 15 minutes, or a redelivery): back on the queue until its time
    await runAt(
      { type: SEND_JOB, ...job },
      new Date(row.dueAt),
      `campaign-${job.companyId}-${job.campaignId}-ship-${job.number}`,
    );
    return;
  }
  if (row.repliedAt && !row.confirmedAt) {
    await skip(job, 'replied');
    await finishIfDone(r.companyId, r.id);
    return;
  }
  if (await isOptedOut(r.companyId, row.number)) {
    await skip(job, 'optedOut');
    await finishIfDone(r.companyId, r.id);
    return;
  }
  const settings = await campaignSettingsOf(r.companyId);
  const rules = await rulesOf(r, settings);
  const allowed = nextAllowedMoment(now(), rules);
  if (allowed.getTime() - now().getTime() > 1000) {
    await postpone(job, allowed);
    return;
  }
  // one send per campaign at a time, a message interval apart, however two jobs came to the same moment
  const slot = await claimSendSlot(r.companyId, r.id, now().getTime(), rules.messageInterval * 1000);
  if (slot !== true) {
    await postpone(job, new Date(slot));
    return;
  }
  const day = localDay(now(), rules.timeZone);
  if (!(await countDailySend(r.companyId, r.whatsappId, day, rules.dailyCap(day), Math.floor(now().getTime() / 1000)))) {
    await postpone(job, nextAllowedDay(now(), rules));
    return;
  }
  const claimed = (await moveShipping(row, ['queued'], 'sending', { sendingAt: iso() }, { run: job.run }))?.row;
  if (!claimed) return;
  const asksConfirmation = r.confirmation && !claimed.confirmationRequestedAt;
  try {
    const sent = await deliverToRecipient(r, claimed, settings, asksConfirmation);
    const at = iso();
    const messageIds = [...(claimed.messageIds ?? []), ...sent.messageIds];
    if (asksConfirmation)
      await settle(
        claimed,
        'awaitingConfirmation',
        { confirmationMessage: sent.text, confirmationRequestedAt: at, messageIds },
        { confirmationRequested: 1 },
      );
    // delivered only once the channel confirms it (its receipt, noteSendState)
    else await settle(claimed, 'sent', { message: sent.text, sentAt: at, messageIds, sentIds: sent.messageIds }, { sent: 1 });
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message ?? 'unknown';
    logger.warn('campaign send failed', { ...job, error: error as Error });
    await settle(claimed, 'failed', { reason: String(reason).slice(0, 300) }, { failed: 1 });
  }
  await finishIfDone(r.companyId, r.id);
};

/**
 * Sends in the contact's ticket on the campaign's connection: with openTicket, opened for the campaign's user and
 * queue and left in statusTicket; without, a ticket opened only for this send is closed again. A conversation
 * that was already running is left as it was (its agent, queue and status): the campaign only adds its message.
 * Answers the text and the ids of the messages recorded.
 */
const deliverToRecipient = async (
  r: CampaignRecord,
  row: ShippingRecord,
  settings: CampaignSettings,
  confirmationRequest: boolean,
): Promise<{ text: string; messageIds: string[] }> => {
  const connection = await findConnection(r.companyId, r.whatsappId);
  if (!connection) throw Object.assign(new Error('The campaign’s connection is gone'), { code: 'ERR_NO_WAPP_FOUND' });
  const { contact } = await findOrCreateContactByIdentity(r.companyId, {
    channel: connection.channel,
    identity: row.number,
    name: row.name,
    email: row.email,
    connectionId: connection.id,
  });
  const open =
    r.openTicket === 'enabled'
      ? { userId: r.userId, queueId: r.queueId, status: r.statusTicket === 'pending' ? ('pending' as const) : ('open' as const) }
      : undefined;
  const { ticket, running } = await ticketForScheduledMessage(r.companyId, connection, contact, open, { keepRunning: true });
  const variant = pick((confirmationRequest ? confirmationFields : messageFields).map((f) => r[f])) ?? '';
  // the messages name their row, so that their receipts find it with one read
  const campaignSend = { campaignId: r.id, number: row.number };
  const text = fillVariables(variant, row, settings.variables);
  const marked = text ? `${CAMPAIGN_MARK}${text}` : '';
  const messageIds: string[] = [];
  if (r.template && !confirmationRequest && connection.channel === 'whatsappapi') {
    const fill = (p: string) => fillVariables(p, row, settings.variables);
    const template = {
      name: r.template.name,
      language: r.template.language,
      params: r.template.params.map(fill),
      headerParams: (r.template.headerParams ?? []).map(fill),
    };
    // the conversation keeps the template as the customer reads it (its texts filled in), not the campaign's variants
    const shown = r.templateText
      ? [
          renderTemplateBody(r.templateText.header, template.headerParams),
          renderTemplateBody(r.templateText.body, template.params),
        ]
          .filter((x) => x.trim())
          .join('\n')
      : '';
    const message = await sendCampaignMessage(ticket, contact, {
      text: `${CAMPAIGN_MARK}${shown || text || r.template.name}`,
      template,
      campaignSend,
    });
    if (message.error) throw Object.assign(new Error(message.error), { code: message.error });
    messageIds.push(message.id);
    if (!running) await closeIfAsked(r, ticket, contact);
    return { text: shown || text || r.template.name, messageIds };
  }
  const uploaded = !confirmationRequest && r.mediaPath ? (await blobStore().size(r.mediaPath)) !== undefined : false;
  const media =
    uploaded && r.mediaPath
      ? { key: r.mediaPath, name: r.mediaName ?? 'file', mimeType: r.mediaType ?? 'application/octet-stream' }
      : undefined;
  const sends =
    media && media.mimeType.startsWith('audio/')
      ? [...(marked ? [{ text: marked }] : []), { text: CAMPAIGN_MARK, media }]
      : [{ text: marked, ...(media ? { media } : {}) }];
  for (const s of sends) {
    const message = await sendCampaignMessage(ticket, contact, { ...s, campaignSend });
    if (message.error) throw Object.assign(new Error(message.error), { code: message.error });
    messageIds.push(message.id);
  }
  if (!running) await closeIfAsked(r, ticket, contact);
  return { text, messageIds };
};

/** A ticket created or reopened for the send: closed again, unless the campaign opens tickets in another status. */
const closeIfAsked = async (
  r: CampaignRecord,
  ticket: Parameters<typeof closeTicketAfterSchedule>[0],
  contact: Contact,
): Promise<void> => {
  const close = r.openTicket === 'enabled' ? r.statusTicket === 'closed' : true;
  if (close) await closeTicketAfterSchedule(ticket, contact);
};

/**
 * FINALIZADA once every valid recipient's send was made (sent, deferred by the channel, delivered), failed or skipped
 * (server reference 6.3); receipts that come later still move the counters.
 */
export const finishIfDone = async (companyId: number, campaignId: number): Promise<void> => {
  const stats = await getStats(companyId, campaignId);
  const changed =
    stats.prepared && stats.sent + stats.deferred + stats.delivered + stats.failed + stats.skipped >= stats.valid
      ? await changeCampaign(companyId, campaignId, (r) =>
          r.status === 'EM_ANDAMENTO' ? { ...r, status: 'FINALIZADA', completedAt: iso(), updatedAt: iso() } : undefined,
        )
      : undefined;
  if (changed) {
    await cancelScheduledJob(releaseJobName(companyId, campaignId));
    await announce(changed.after);
    return;
  }
  // the report's counters move with every send
  const r = await getCampaignRecord(companyId, campaignId);
  if (r) await announce(r);
};

// ----- customers' messages -----

const normalise = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .trim()
    .toLowerCase();

/**
 * A customer's message, before the conversation engine answers it: an opt-out word records the number's opt-out;
 * a confirmation reply sends the campaign's message 0 to 9 s later (server reference 6.4); any other message of a
 * number whose send is still ahead stops it.
 */
export const noteCustomerMessage = async (companyId: number, number: string, body: string): Promise<void> => {
  if (!number) return;
  const settings = await campaignSettingsOf(companyId);
  const said = normalise(body);
  const word = settings.optOutWords.find((w) => normalise(w) === said);
  if (word) await putOptOut(companyId, number, iso(), word);
  for (const campaignId of await campaignsOfNumber(companyId, number)) {
    const r = await getCampaignRecord(companyId, campaignId);
    if (!r || r.status !== 'EM_ANDAMENTO') continue;
    const row = await getShipping(companyId, campaignId, number);
    if (!row) continue;
    if (row.status === 'awaitingConfirmation' && !word) {
      const at = iso();
      const confirmed = await moveShipping(
        row,
        ['awaitingConfirmation'],
        'queued',
        { confirmedAt: at, repliedAt: at, dueAt: at },
        { run: row.run },
      );
      if (!confirmed) continue;
      await addStats(companyId, campaignId, { confirmed: 1 });
      await enqueueJob(
        { type: SEND_JOB, companyId, campaignId, number, run: row.run },
        { delaySeconds: Math.floor(Math.random() * (CONFIRMED_DELAY_MAX_S + 1)) },
      );
      await announce(r);
    } else if (row.status === 'awaitingConfirmation' && word) {
      const moved = await moveShipping(
        row,
        ['awaitingConfirmation'],
        'skipped',
        { reason: 'optedOut', repliedAt: iso() },
        { run: row.run },
      );
      if (moved) await addStats(companyId, campaignId, { skipped: 1 });
      await finishIfDone(companyId, campaignId);
    } else if (row.status === 'planned' || row.status === 'queued') {
      await noteReply(companyId, campaignId, number, iso());
    }
  }
};
