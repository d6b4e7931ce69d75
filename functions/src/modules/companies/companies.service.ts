import type { Company } from '@switchboard/shared/contracts/auth';
import type { CompanyChoiceResponse } from '@switchboard/shared/contracts/companies';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { createWebchatConnection } from '../connections/connection-set.service.ts';
import { findPlan } from '../plans/plans.service.ts';
import { createQueue, DEFAULT_QUEUE_COLOR } from '../queues/queues.service.ts';
import { findCompany, toCompany } from '../tenancy/company-lookup.service.ts';
import { listCompanyPage } from '../tenancy/company-records.service.ts';
import { setUserQueues } from '../users/users.service.ts';

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

/** The plan of a company: the caller's own; a super user may read any company's. */
export const companyPlan = async (auth: AuthContext, companyId: number) => {
  if (companyId !== auth.companyId && !auth.super) throw new AppError('ERR_NO_COMPANY_FOUND');
  const company = companyId === auth.companyId ? auth.company : await findCompany(companyId);
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  const plan = companyId === auth.companyId ? await auth.plan() : await findPlan(company.planId);
  return { id: company.id, name: company.name, plan };
};

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
