/**
 * A company as every request's caller needs it: read by the authentication of each request, so it holds no
 * more than the lookup (the record's writes are company-records.service.ts).
 */
import type { Company } from '@switchboard/shared/contracts/auth';
import { withDefaults } from '@switchboard/shared/company-options';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { config } from '../../platform/config.ts';
import { ttlCache } from '../../platform/ttl-cache.ts';
import type { CompanyRecord } from './company.entity.ts';
import { getCompanyWithSettings } from './companies.repository.ts';

/** Company 1 runs the platform and never expires. */
export const PLATFORM_DUE_DATE = '2999-12-31T23:59:59.000Z';

export const toCompany = (record: CompanyRecord, settings?: CompanySettings): Company => ({
  id: record.id,
  name: record.name,
  dueDate: record.id === PLATFORM_COMPANY_ID ? PLATFORM_DUE_DATE : record.dueDate,
  status: record.status,
  planId: record.planId,
  // keys added after the company was created read as their defaults; a zone never chosen reads as the server's
  ...(settings ? { settings: { ...withDefaults(settings), timeZone: timeZoneOf(settings) } } : {}),
});

/** The zone a company's hours, schedules and day-based figures are in: its own, else the server's TIME_ZONE. */
export const timeZoneOf = (settings: Partial<Record<string, string>> | undefined): string =>
  settings?.timeZone || config().TIME_ZONE;

/**
 * Zones of the companies this instance has read lately, for listeners that count or schedule per event without
 * the company at hand; a change of zone reaches other instances within the entry's life, as connections do.
 */
const zones = ttlCache<number, string>(5_000);

/** `consistent`: a strongly consistent read, for what keeps the answer long (a socket's rights). */
export const findCompany = async (companyId: number, options: { consistent?: boolean } = {}): Promise<Company | undefined> => {
  const { company, settings } = await getCompanyWithSettings(companyId, options);
  if (!company) return undefined;
  const found = toCompany(company, settings);
  zones.set(companyId, timeZoneOf(found.settings));
  return found;
};

/** The company's time zone, from this instance's recent reads when it has one. */
export const companyTimeZone = (companyId: number): Promise<string> =>
  zones.get(companyId, async () => timeZoneOf((await getCompanyWithSettings(companyId)).settings));

/** After a write of the company's options: this instance reads the zone anew. */
export const forgetCompanyTimeZone = (companyId: number): void => zones.forget(companyId);
