/**
 * The super user's companies (spec document 2 "Companies (super)", sections 3, 4, 5 and 9): the table's page with
 * each company's plan name and value, creation with the company's first admin (as a signup makes one), changes,
 * and deletion. Deleting removes the company at once (its users can no longer sign in or call the API) and leaves
 * its data to the `companies.purge` job. Company 1 runs the platform: it is never deleted and never expires.
 */
import type { AdminCompany, CreateCompanyBody, UpdateCompanyBody } from '@switchboard/shared/contracts/companies';
import { advanceDueDate } from '@switchboard/shared/contracts/companies';
import type { Plan } from '@switchboard/shared/contracts/plans';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { decodeCursor, encodeCursor, isKeyRecord } from '../../platform/table/cursor.ts';
import { armInvoiceCycle } from '../invoices/invoice-cycle.service.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { findPlan, listAllPlans } from '../plans/plans.service.ts';
import { PLATFORM_DUE_DATE } from '../tenancy/company-lookup.service.ts';
import {
  createCompany,
  getCompanyRecord,
  removeCompany,
  saveCompanyRecord,
  searchCompanyRecords,
  searchTextOf,
  type CompanyRecord,
} from '../tenancy/company-records.service.ts';
import { findUserByEmail } from '../user-records/user-lookup.service.ts';
import { createUser } from '../users/users.service.ts';
import type { MediaUsageRecord } from './company-media-usage.entity.ts';
import { mediaUsagesOf } from './company-media-usage.service.ts';
import { provisionCompany } from './companies.service.ts';

const DEFAULT_PAGE = 5;
/** The job that removes a deleted company's data (company-purge.service.ts). */
export const PURGE_JOB = 'companies.purge';
/** Table pages a purge job reads before it hands over to the next one. */

const notFound = () => new AppError('ERR_NO_COMPANY_FOUND');

const toAdminCompany = (r: CompanyRecord, plan: Plan | undefined, usage?: MediaUsageRecord): AdminCompany => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone ?? '',
  planId: r.planId,
  planName: plan?.name ?? null,
  planAmount: plan?.amount ?? null,
  status: r.status,
  dueDate: r.id === PLATFORM_COMPANY_ID ? PLATFORM_DUE_DATE : r.dueDate,
  recurrence: r.recurrence ?? 'MENSAL',
  document: r.document ?? '',
  paymentMethod: r.paymentMethod ?? '',
  createdAt: r.createdAt,
  lastLogin: r.lastLogin ?? null,
  // as last measured (company-media-usage.service.ts); nothing until the first measure
  folderSize: usage?.bytes ?? 0,
  totalFiles: usage?.files ?? 0,
  lastFolderUpdate: usage?.lastModified ?? null,
});

const plansById = async (): Promise<Map<number, Plan>> => new Map((await listAllPlans()).map((p) => [p.id, p]));

export const listAdminCompanies = async (query: { searchParam?: string; limit?: number; cursor?: string }) => {
  const limit = query.limit ?? DEFAULT_PAGE;
  const search = query.searchParam || undefined;
  const scope = { list: 'companies.list', companyId: null, filters: { search } };
  const [page, plans] = await Promise.all([
    searchCompanyRecords(limit, search, await decodeCursor(query.cursor, scope, isKeyRecord)),
    plansById(),
  ]);
  const usages = await mediaUsagesOf(page.companies.map((c) => c.id));
  return {
    companies: page.companies.map((c) => toAdminCompany(c, plans.get(c.planId), usages.get(c.id))),
    hasMore: page.next !== undefined,
    nextCursor: page.next ? await encodeCursor(page.next, scope) : null,
  };
};

const requireCompany = async (id: number): Promise<CompanyRecord> => {
  const record = await getCompanyRecord(id);
  if (!record) throw notFound();
  return record;
};

const planOf = async (planId: number): Promise<Plan> =>
  findPlan(planId).catch(() => {
    throw new AppError('ERR_VALIDATION', 'Unknown plan', { fields: [{ path: 'body.planId', message: 'Unknown plan' }] });
  });

export const showAdminCompany = async (id: number): Promise<AdminCompany> => {
  const record = await requireCompany(id);
  const [plan, usages] = await Promise.all([findPlan(record.planId).catch(() => undefined), mediaUsagesOf([id])]);
  return toAdminCompany(record, plan, usages.get(id));
};

/**
 * A new company with its first admin (the company's e-mail and the form's password), its default queue and web chat.
 * Without a password the admin gets a random one that no one knows and is mailed a link to choose their own.
 */
export const createAdminCompany = async (body: CreateCompanyBody): Promise<AdminCompany> => {
  const plan = await planOf(body.planId);
  if (await findUserByEmail(body.email)) throw new AppError('ERR_DUPLICATED_EMAIL');
  const dueDate = body.dueDate
    ? new Date(body.dueDate).toISOString()
    : advanceDueDate(clock().now().toISOString(), body.recurrence);
  const company = await createCompany({
    name: body.name,
    email: body.email,
    phone: body.phone,
    planId: plan.id,
    dueDate,
    status: body.status,
    recurrence: body.recurrence,
    document: body.document,
    paymentMethod: body.paymentMethod,
  });
  let adminId: number;
  try {
    const admin = await createUser(company.id, {
      name: body.adminName || body.name,
      email: body.email,
      password: body.password ?? ids.token(32),
      profile: 'admin',
    });
    adminId = admin.id;
    await provisionCompany(company.id, admin.id);
  } catch (error) {
    await removeCompany(company.id);
    throw error;
  }
  if (body.password === undefined) await domainEvents.emit({ name: 'user.invited', companyId: company.id, userId: adminId });
  // its invoices come each cycle from its own schedule, as a signed-up company's do
  await armInvoiceCycle(company.id, company.dueDate);
  await domainEvents.emit({ name: 'company.changed', companyId: company.id, action: 'create' });
  return showAdminCompany(company.id);
};

export const updateAdminCompany = async (id: number, body: UpdateCompanyBody): Promise<AdminCompany> => {
  const record = await requireCompany(id);
  if (body.planId !== undefined) await planOf(body.planId);
  const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as UpdateCompanyBody;
  const next: CompanyRecord = { ...record, ...defined };
  if (body.dueDate) next.dueDate = new Date(body.dueDate).toISOString();
  // company 1 runs the platform: it stays active and never expires
  if (id === PLATFORM_COMPANY_ID) {
    next.status = true;
    next.dueDate = PLATFORM_DUE_DATE;
  }
  next.searchText = searchTextOf(next);
  if (!(await saveCompanyRecord(next))) throw notFound();
  if (next.status !== record.status)
    await domainEvents.emit({ name: 'company.statusChanged', companyId: id, active: next.status, reason: 'admin' });
  // a due date moved by hand moves the invoice cycle with it
  if (next.dueDate !== record.dueDate && id !== PLATFORM_COMPANY_ID) await armInvoiceCycle(id, next.dueDate);
  await domainEvents.emit({ name: 'company.changed', companyId: id, action: 'update' });
  return showAdminCompany(id);
};

export const deleteAdminCompany = async (id: number): Promise<{ ok: true }> => {
  if (id === PLATFORM_COMPANY_ID) throw new AppError('ERR_NO_PERMISSION', 'The platform company cannot be deleted');
  await requireCompany(id);
  await removeCompany(id);
  await enqueueJob({ type: PURGE_JOB, companyId: id });
  await domainEvents.emit({ name: 'company.changed', companyId: id, action: 'delete' });
  return { ok: true };
};
