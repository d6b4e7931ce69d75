/** The `companies.media-usage` job (company-media-usage.service.ts): registered by the jobs function only, which may list media. */
import { z } from 'zod';
import { clock } from '../../platform/clock.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { registerJob } from '../jobs/jobs.service.ts';
import { getCompanyRecord } from '../tenancy/company-records.service.ts';
import type { MediaUsageRecord } from './company-media-usage.entity.ts';
import { getMediaUsages, putMediaUsage } from './company-media-usage.repository.ts';
import { companyMediaPrefix } from '../../platform/ports/media-keys.ts';
import { MEDIA_USAGE_JOB } from './company-media-usage.service.ts';

/** The job: lists the company's files and keeps the measure. */
export const measureMediaUsage = async (companyId: number): Promise<MediaUsageRecord | undefined> => {
  if (!(await getCompanyRecord(companyId))) return undefined;
  const [usage, before] = await Promise.all([
    blobStore().prefixUsage(companyMediaPrefix(companyId)),
    getMediaUsages([companyId]),
  ]);
  const record: MediaUsageRecord = { companyId, ...usage, measuredAt: clock().now().toISOString(), requestedAt: null };
  await putMediaUsage(record);
  // the table follows a measure that changed what it shows
  const last = before.get(companyId);
  if (!last || last.bytes !== usage.bytes || last.files !== usage.files || last.lastModified !== usage.lastModified) {
    await domainEvents.emit({ name: 'company.changed', companyId, action: 'update' });
  }
  return record;
};

export const registerMediaUsageJob = (): void => {
  registerJob(MEDIA_USAGE_JOB, z.object({ companyId: z.number().int().positive() }), async (job) => {
    await measureMediaUsage(job.companyId);
  });
};
