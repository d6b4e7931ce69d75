/**
 * Each company's stored media for the super user's companies table (spec document 2: folder size, total files,
 * last folder update). Measured by listing the company's files (`c<id>/`) in a job, never on the request path:
 * the table shows the last measure and asks for a new one when it is older than MEDIA_USAGE_MAX_AGE_MS; the
 * finished measure refreshes the table live (company.changed). The measure itself is company-media-usage-job.service.ts,
 * which only the jobs function holds (it lists the bucket).
 */
import { clock } from '../../platform/clock.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import type { MediaUsageRecord } from './company-media-usage.entity.ts';
import { claimMediaUsageRequest, getMediaUsages } from './company-media-usage.repository.ts';

export const MEDIA_USAGE_JOB = 'companies.media-usage';
/** a measure older than this is taken again when the table shows the company */
export const MEDIA_USAGE_MAX_AGE_MS = 60 * 60_000;
/** a measure asked for and not done within this time (a lost job) may be asked for again */
const REQUEST_TIMEOUT_MS = 10 * 60_000;

/** The last measures of a page of companies; the stale or missing ones are asked for again, once. */
export const mediaUsagesOf = async (companyIds: number[]): Promise<Map<number, MediaUsageRecord>> => {
  const usages = await getMediaUsages(companyIds);
  const now = clock().now().getTime();
  const at = new Date(now).toISOString();
  const since = new Date(now - REQUEST_TIMEOUT_MS).toISOString();
  // a measure already on its way is not asked for again: while it runs, showing the table costs no write
  const stale = companyIds.filter((id) => {
    const usage = usages.get(id);
    const measured = usage?.measuredAt;
    const outdated = !measured || now - new Date(measured).getTime() > MEDIA_USAGE_MAX_AGE_MS;
    const pending =
      usage?.requestedAt !== null &&
      usage?.requestedAt !== undefined &&
      usage.requestedAt >= since &&
      (!measured || usage.requestedAt > measured);
    return outdated && !pending;
  });
  await Promise.all(
    stale.map(async (companyId) => {
      if (await claimMediaUsageRequest(companyId, at, since)) await enqueueJob({ type: MEDIA_USAGE_JOB, companyId });
    }),
  );
  return usages;
};
