/**
 * The company's weekly opening hours (spec document 2 "Settings page", schedules tab; section 7 "Company schedule
 * find and update"; server reference 2.4). Read and changed by the company's admins, or by a super user for any
 * company; another company answers 404. The week's rules (HH:MM, start before end, no overlap) are the contract's.
 */
import type { CompanySchedules } from '@switchboard/shared/contracts/company-settings';
import type { ScheduleEntry } from '@switchboard/shared/contracts/queues';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { getCompanyRecord, storeCompanySchedules } from '../tenancy/company-records.service.ts';

const notFound = () => new AppError('ERR_NO_COMPANY_FOUND');

const requireTarget = (auth: AuthContext, companyId: number): void => {
  if (companyId !== auth.companyId && !auth.super) throw notFound();
};

/** The hours the conversation engine checks when scheduleType is 'company'; none stored means none set. */
export const companySchedulesOf = async (companyId: number): Promise<ScheduleEntry[]> =>
  (await getCompanyRecord(companyId))?.schedules ?? [];

export const readCompanySchedules = async (auth: AuthContext, companyId: number): Promise<CompanySchedules> => {
  requireTarget(auth, companyId);
  const company = await getCompanyRecord(companyId);
  if (!company) throw notFound();
  return { id: companyId, schedules: company.schedules ?? [] };
};

export const saveCompanySchedules = async (
  auth: AuthContext,
  companyId: number,
  schedules: ScheduleEntry[],
): Promise<CompanySchedules> => {
  requireTarget(auth, companyId);
  if (!(await storeCompanySchedules(companyId, schedules))) throw notFound();
  return { id: companyId, schedules };
};
