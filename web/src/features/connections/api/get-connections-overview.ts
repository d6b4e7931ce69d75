import type { CompanyConnections } from '@switchboard/shared/contracts/connections';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

const PAGE = 100;

/**
 * GET /whatsapp/all (super user), every page: the overview's totals row counts all companies, so the page
 * reads them all, a hundred companies a call.
 */
export const getConnectionsOverview = async (): Promise<CompanyConnections[]> => {
  const companies: CompanyConnections[] = [];
  let cursor: string | undefined;
  do {
    const page = await callRoute('connections.all', { query: { limit: PAGE, cursor } });
    companies.push(...page.companies);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return companies;
};

export const connectionsOverviewQueryKey = ['connections', 'all'] as const;

export const useConnectionsOverview = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: connectionsOverviewQueryKey, queryFn: getConnectionsOverview, enabled });
