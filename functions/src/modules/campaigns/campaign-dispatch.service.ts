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
 * This file starts, plans and releases a run; the jobs' shared parts are in campaign-run.service.ts, one send in
 * campaign-send.service.ts, the channel's receipts in campaign-receipts.service.ts, and a customer's message reaches
 * campaign-replies.service.ts (campaign-replies listener) before the conversation engine.
 */
import { clock } from '../../platform/clock.ts';
import { findConnection } from '../connections/connections.service.ts';
import { cancelScheduledJob, enqueueJob, scheduleJob } from '../jobs/jobs.service.ts';
import { initialPacing, planNext, type PacingState } from './campaign-pacing.ts';
import { pageRecipients } from './campaign-recipients.ts';
import {
  announce,
  changeCampaign,
  finishIfDone,
  MAX_DELAY_S,
  PREPARE_JOB,
  RELEASE_JOB,
  rulesOf,
  runAt,
  running,
  SEND_JOB,
  START_JOB,
} from './campaign-run.service.ts';
import { campaignSettingsOf } from './campaign-settings.service.ts';
import { dueIndex, releaseJobName, startJobName, type CampaignRecord, type ShippingRecord } from './campaign.entity.ts';
import { addStats, getCampaignRecord, setPrepared } from './campaigns.repository.ts';
import { firstPlanned, moveShipping, planShipping, queryDue } from './campaign-shipping.repository.ts';
import { isOptedOut } from './campaign-send-limits.repository.ts';

/** Sends a release puts on the queue at once; the rest wait for the next release. */
const RELEASE_BATCH = 100;
/** How far ahead a release looks (under SQS's 15-minute delay limit). */
const RELEASE_HORIZON_MS = 14 * 60_000;

const now = () => clock().now();
const iso = () => now().toISOString();

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
