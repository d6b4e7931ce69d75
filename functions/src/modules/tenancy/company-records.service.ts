/**
 * The company record as the lower layers use it: creation, the platform's pages, the sign-in mark, options and
 * removal. Set-up that spans modules (the first queue, admin and connection) lives in the companies module above.
 */
import type { Company } from '@switchboard/shared/contracts/auth';
import type { Recurrence } from '@switchboard/shared/contracts/companies';
import { companySettingsDefaults, type CompanySettings } from '@switchboard/shared/contracts/settings';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { clock } from '../../platform/clock.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { decodeCursor, encodeCursor, isKeyRecord } from '../../platform/table/cursor.ts';
import type { CompanyRecord } from './company.entity.ts';
import { forgetCompanyTimeZone, PLATFORM_DUE_DATE, toCompany } from './company-lookup.service.ts';
import {
  deleteCompanyItems,
  getCompany,
  insertCompany,
  putCompany,
  queryCompanyPage,
  searchCompanyPage,
  setCompanySchedules,
  setLastLogin,
  updateSettings,
} from './companies.repository.ts';

export type { CompanyRecord } from './company.entity.ts';

export interface NewCompany {
  name: string;
  email: string;
  phone: string;
  planId: number;
  dueDate: string;
  referrerCompanyId?: number;
  /** only the seed of a fresh install passes 1 */
  id?: number;
  /** the super user's form sets these; a signup leaves them empty */
  status?: boolean;
  recurrence?: Recurrence;
  document?: string;
  paymentMethod?: string;
}

/** What the companies search matches: the name and e-mail, lower-cased. */
export const searchTextOf = (r: Pick<CompanyRecord, 'name' | 'email'>): string => `${r.name} ${r.email}`.toLowerCase();

export const createCompany = async (input: NewCompany): Promise<Company> => {
  const id = input.id ?? (await nextCompanyId());
  const record: CompanyRecord = {
    id,
    name: input.name,
    email: input.email,
    phone: input.phone,
    planId: input.planId,
    status: true,
    dueDate: id === PLATFORM_COMPANY_ID ? PLATFORM_DUE_DATE : input.dueDate,
    createdAt: clock().now().toISOString(),
    ...(input.referrerCompanyId ? { referrerCompanyId: input.referrerCompanyId } : {}),
    recurrence: input.recurrence ?? 'MENSAL',
    document: input.document ?? '',
    paymentMethod: input.paymentMethod ?? '',
    searchText: searchTextOf(input),
  };
  if (input.status === false) record.status = false;
  const settings: CompanySettings = { ...companySettingsDefaults };
  await insertCompany(record, settings);
  return toCompany(record, settings);
};

/** Company ids skip 1, which the seed of a fresh install takes. */
const nextCompanyId = async (): Promise<number> => {
  let id = await nextId('COUNTER', 'company');
  while (id <= PLATFORM_COMPANY_ID) id = await nextId('COUNTER', 'company');
  return id;
};

/**
 * A page of the platform's companies in id order (super user's overviews); `cursor` continues a page of the same
 * `list` (the overview that pages them).
 */
export const listCompanyPage = async (
  list: string,
  limit: number,
  cursor?: string,
): Promise<{ companies: CompanyRecord[]; nextCursor: string | null }> => {
  const scope = { list, companyId: null };
  const page = await queryCompanyPage(limit, await decodeCursor(cursor, scope, isKeyRecord));
  return { companies: page.companies, nextCursor: page.next ? await encodeCursor(page.next, scope) : null };
};

export const companyExists = async (companyId: number): Promise<boolean> => (await getCompany(companyId)) !== undefined;

export const recordLogin = (companyId: number): Promise<void> => setLastLogin(companyId, clock().now().toISOString());

export const removeCompany = (companyId: number): Promise<void> => deleteCompanyItems(companyId);

/** Changes company options (the settings page of the administration area calls this). */
export const updateCompanySettings = async (
  companyId: number,
  patch: Partial<Record<keyof CompanySettings, string>>,
): Promise<void> => {
  await updateSettings(companyId, patch as Record<string, string>);
  if (patch.timeZone !== undefined) forgetCompanyTimeZone(companyId);
};

export const getCompanyRecord = (companyId: number): Promise<CompanyRecord | undefined> => getCompany(companyId);

/** Writes a changed company over its record; false when it is gone. */
export const saveCompanyRecord = (company: CompanyRecord): Promise<boolean> => putCompany(company);

/** A page of the super user's companies search (name or e-mail). */
export const searchCompanyRecords = searchCompanyPage;

/** Stores the company's opening hours; false when it is gone. */
export const storeCompanySchedules = setCompanySchedules;
