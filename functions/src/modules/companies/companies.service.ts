import type { Company } from '@switchboard/shared/contracts/auth';
import type { CompanyChoiceResponse, Recurrence } from '@switchboard/shared/contracts/companies';
import { companySettingsDefaults, type CompanySettings } from '@switchboard/shared/contracts/settings';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { decodeCursor, encodeCursor, isKeyRecord } from '../../platform/table/cursor.ts';
import { createWebchatConnection } from '../connections/connection-set.service.ts';
import { findPlan } from '../plans/plans.service.ts';
import { createQueue, DEFAULT_QUEUE_COLOR } from '../queues/queues.service.ts';
import { setUserQueues } from '../users/users.service.ts';
import type { CompanyRecord } from './company.entity.ts';
import { findCompany, forgetCompanyTimeZone, PLATFORM_DUE_DATE, toCompany } from './company-lookup.service.ts';

export { findCompany, PLATFORM_DUE_DATE, toCompany } from './company-lookup.service.ts';
import {
  deleteCompanyItems,
  getCompany,
  insertCompany,
  queryCompanyPage,
  setLastLogin,
  updateSettings,
} from './companies.repository.ts';

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

const choiceOf = (c: Pick<Company, 'id' | 'name' | 'planId' | 'status' | 'dueDate'>) => ({
  id: c.id,
  name: c.name,
  planId: c.planId,
  status: c.status,
  dueDate: c.dueDate,
});

/** GET /companies/list: every company for the super user (a page in id order), the caller's own for anyone else. */
export const listCompanyChoices = async (
  auth: AuthContext,
  query: { limit: number; cursor?: string },
): Promise<CompanyChoiceResponse> => {
  if (!auth.super) {
    // the caller's one company is the whole list: no cursor continues it
    if (query.cursor) {
      throw new AppError('ERR_VALIDATION', 'Invalid cursor', { fields: [{ path: 'query.cursor', message: 'Invalid cursor' }] });
    }
    return { companies: [choiceOf(auth.company)], hasMore: false, nextCursor: null };
  }
  const page = await listCompanyPage('companies.list-all', query.limit, query.cursor);
  return {
    companies: page.companies.map((r) => choiceOf(toCompany(r))),
    hasMore: page.nextCursor !== null,
    nextCursor: page.nextCursor,
  };
};

export const companyExists = async (companyId: number): Promise<boolean> => (await getCompany(companyId)) !== undefined;

export const recordLogin = (companyId: number): Promise<void> => setLastLogin(companyId, clock().now().toISOString());

/** The plan of a company: the caller's own; a super user may read any company's. */
export const companyPlan = async (auth: AuthContext, companyId: number) => {
  if (companyId !== auth.companyId && !auth.super) throw new AppError('ERR_NO_COMPANY_FOUND');
  const company = companyId === auth.companyId ? auth.company : await findCompany(companyId);
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  const plan = companyId === auth.companyId ? await auth.plan() : await findPlan(company.planId);
  return { id: company.id, name: company.name, plan };
};

export const removeCompany = (companyId: number): Promise<void> => deleteCompanyItems(companyId);

/**
 * What every new company starts with so that it can work at once: a default queue its admin belongs to, and a
 * website chat connection bound to that queue (its widget link is shown to the admin).
 */
export const provisionCompany = async (
  companyId: number,
  adminUserId: number,
): Promise<{ queueId: number; webchatToken: string }> => {
  const queue = await createQueue(companyId, { name: 'Atendimento', color: DEFAULT_QUEUE_COLOR, orderQueue: 1 });
  await setUserQueues(companyId, adminUserId, [queue.id]);
  const connection = await createWebchatConnection(companyId, {
    name: 'Chat do site',
    queueIds: [queue.id],
    isDefault: true,
    complationMessage: 'Atendimento finalizado. Obrigado pelo contato, {{firstName}}!',
  });
  return { queueId: queue.id, webchatToken: connection.widgetKey! };
};

/** Changes company options (the settings page of the administration area calls this). */
export const updateCompanySettings = async (
  companyId: number,
  patch: Partial<Record<keyof CompanySettings, string>>,
): Promise<void> => {
  await updateSettings(companyId, patch as Record<string, string>);
  if (patch.timeZone !== undefined) forgetCompanyTimeZone(companyId);
};
