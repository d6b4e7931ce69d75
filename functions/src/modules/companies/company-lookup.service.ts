/**
 * A company as every request's caller needs it: read by the authentication of each request, so it holds no
 * more than the lookup (the rest of the companies service brings queues, users and connections with it).
 */
import type { Company } from '@switchboard/shared/contracts/auth';
import { withDefaults } from '@switchboard/shared/company-options';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
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
  // keys added after the company was created read as their defaults
  ...(settings ? { settings: withDefaults(settings) } : {}),
});

/** `consistent`: a strongly consistent read, for what keeps the answer long (a socket's rights). */
export const findCompany = async (companyId: number, options: { consistent?: boolean } = {}): Promise<Company | undefined> => {
  const { company, settings } = await getCompanyWithSettings(companyId, options);
  return company ? toCompany(company, settings) : undefined;
};
