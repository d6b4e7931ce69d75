import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { connectionsQueryKey } from './get-connections.ts';

/** GET /whatsapp-admin/{companyId} (super user): another company's connections and the queues they may use. */
export const getCompanyConnections = (companyId: number) => callRoute('connections.company-list', { params: { companyId } });

/** Under the connections key, so every change to connections reads it again. */
export const companyConnectionsQueryKey = (companyId: number) => [...connectionsQueryKey, 'company', companyId] as const;

/** Another company's events are not pushed to the super user: the list is read again every few seconds instead. */
const REFRESH_MS = 4_000;

export const useCompanyConnections = (companyId: number | undefined) =>
  useQuery({
    queryKey: companyConnectionsQueryKey(companyId ?? 0),
    queryFn: () => getCompanyConnections(companyId!),
    enabled: companyId !== undefined,
    refetchInterval: REFRESH_MS,
  });
