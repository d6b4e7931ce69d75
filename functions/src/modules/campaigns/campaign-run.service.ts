/**
 * What the jobs of a campaign's run share (campaign-dispatch.service.ts describes the jobs): their names, the
 * campaign's guarded writes and announcements, a run's pacing rules, and the check that ends the run.
 */
import type { CampaignSettings } from '@switchboard/shared/contracts/campaigns';
import { clock } from '../../platform/clock.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { companyTimeZone } from '../tenancy/company-lookup.service.ts';
import { findConnection } from '../connections/connections.service.ts';
import { cancelScheduledJob, enqueueJob, scheduleJob, type JobBody } from '../jobs/jobs.service.ts';
import { dailyCapOf, JITTER_RATIO, localDay, type PacingRules } from './campaign-pacing.ts';
import { toCampaign } from './campaign-presentation.ts';
import { releaseJobName, type CampaignRecord } from './campaign.entity.ts';
import { CampaignChanged, getCampaignRecord, getStats, replaceCampaign } from './campaigns.repository.ts';

export const START_JOB = 'campaigns.start';
export const PREPARE_JOB = 'campaigns.prepare';
export const RELEASE_JOB = 'campaigns.release';
export const SEND_JOB = 'campaigns.send';

export const MAX_DELAY_S = 900;

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

export const announce = async (r: CampaignRecord): Promise<void> =>
  domainEvents.emit({ name: 'campaign.updated', companyId: r.companyId, campaign: await toCampaign(r) });

/** Runs `job` at `at`: on the queue with a delay when near, through the Scheduler (named `name`) when further. */
export const runAt = async (job: JobBody, at: Date, name: string): Promise<void> => {
  const seconds = Math.ceil((at.getTime() - now().getTime()) / 1000);
  if (seconds <= MAX_DELAY_S) await enqueueJob(job, { delaySeconds: Math.max(0, seconds) });
  else await scheduleJob(name, at, job);
};

export const rulesOf = async (r: CampaignRecord, settings: CampaignSettings): Promise<PacingRules> => {
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

export const running = (r: CampaignRecord | undefined, run: number): r is CampaignRecord =>
  r !== undefined && r.status === 'EM_ANDAMENTO' && r.run === run;

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
