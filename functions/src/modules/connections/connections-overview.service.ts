/**
 * The super user's overview of every company's connections (spec document 2 "All-connections overview"):
 * a page of companies in id order (the companies index, never a Scan), each with its connections and the
 * counts of connected, disconnected and total. A page costs its companies plus one small partition read each.
 *
 * From the overview the super user also acts on one company's connections (`/whatsapp-admin/{companyId}...`):
 * the same services as the company's own admins, run in a context of the named company.
 */
import type {
  CompanyConnections,
  CompanyConnectionsDetail,
  Connection,
  ConnectionsOverview,
  UpdateConnectionBody,
} from '@switchboard/shared/contracts/connections';
import type { Plan } from '@switchboard/shared/contracts/plans';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { listCompanyPage } from '../tenancy/company-records.service.ts';
import { findPlan } from '../plans/plans.service.ts';
import { listQueues } from '../queues/queues.service.ts';
import { deleteConnection, listConnections, listConnectionsOf, toConnection, updateConnection } from './connections.service.ts';
import { disconnectSession, renewSessionQr, startSession } from './whatsapp-sessions.service.ts';

export const connectionsOverview = async (limit: number, cursor?: string): Promise<ConnectionsOverview> => {
  const page = await listCompanyPage('connections.all', limit, cursor);
  const companies = await Promise.all(
    page.companies.map(async (company): Promise<CompanyConnections> => {
      const connections = (await listConnectionsOf(company.id)).sort((a, b) => a.id - b.id).map(toConnection);
      const connected = connections.filter((c) => c.status === 'CONNECTED').length;
      return {
        companyId: company.id,
        companyName: company.name,
        connected,
        disconnected: connections.length - connected,
        total: connections.length,
        connections: connections.map(({ id, name, channel, status, number, isDefault, updatedAt }) => ({
          id,
          name,
          channel,
          status,
          number,
          isDefault,
          updatedAt,
        })),
      };
    }),
  );
  return { companies, nextCursor: page.nextCursor, hasMore: page.nextCursor !== null };
};

/**
 * The caller acting as the named company: the company id comes from the path, so only the platform's super flag
 * (verified from the token, never the request) lets it through; the route table says the same, and this holds
 * even if a route forgot to. The super user stays the actor; the company, its plan and its records are the target's.
 */
export const actingOnCompany = async (auth: AuthContext, companyId: number): Promise<AuthContext> => {
  if (!auth.super) throw new AppError('ERR_NO_PERMISSION');
  if (companyId === auth.companyId) return auth;
  const company = await findCompany(companyId);
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  let plan: Promise<Plan> | undefined;
  return { ...auth, companyId, company, plan: () => (plan ??= findPlan(company.planId)) };
};

/** GET /whatsapp-admin/{companyId}: the company's connections as its own page reads them, and its queues for the edit dialog. */
export const companyConnections = async (auth: AuthContext, companyId: number): Promise<CompanyConnectionsDetail> => {
  const target = await actingOnCompany(auth, companyId);
  const [connections, queues] = await Promise.all([listConnections(target), listQueues(target)]);
  return { connections, queues: queues.map(({ id, name, color }) => ({ id, name, color })) };
};

/** PUT /whatsapp-admin/{companyId}/{id} */
export const updateCompanyConnection = async (
  auth: AuthContext,
  companyId: number,
  id: number,
  body: UpdateConnectionBody,
): Promise<Connection> => updateConnection(await actingOnCompany(auth, companyId), id, body);

/** DELETE /whatsapp-admin/{companyId}/{id} */
export const deleteCompanyConnection = async (auth: AuthContext, companyId: number, id: number): Promise<{ ok: true }> =>
  deleteConnection(await actingOnCompany(auth, companyId), id);

const sessionCommands = { start: startSession, newQr: renewSessionQr, disconnect: disconnectSession } as const;

/** POST (start or try again), PUT (new QR) and DELETE (disconnect) /whatsapp-admin/{companyId}/{id}/session */
export const companySessionCommand = async (
  auth: AuthContext,
  companyId: number,
  id: number,
  command: keyof typeof sessionCommands,
): Promise<Connection> => sessionCommands[command](await actingOnCompany(auth, companyId), id);
