/**
 * The super user's overview of every company's connections (spec document 2 "All-connections overview"):
 * a page of companies in id order (the companies index, never a Scan), each with its connections and the
 * counts of connected, disconnected and total. A page costs its companies plus one small partition read each.
 */
import type { CompanyConnections, ConnectionsOverview } from '@switchboard/shared/contracts/connections';
import { listCompanyPage } from '../companies/companies.service.ts';
import { listConnectionsOf, toConnection } from './connections.service.ts';

export const connectionsOverview = async (limit: number, cursor?: string): Promise<ConnectionsOverview> => {
  const page = await listCompanyPage(limit, cursor);
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
        connections: connections.map(({ id, name, channel, status, number, isDefault, updatedAt }) => ({ id, name, channel, status, number, isDefault, updatedAt })),
      };
    }),
  );
  return { companies, nextCursor: page.nextCursor, hasMore: page.nextCursor !== null };
};
