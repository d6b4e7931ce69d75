import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /whatsapp: the connections a user can have as default. */
export const getConnections = () => callRoute('connections.list');

export const connectionsQueryKey = ['connections'] as const;

export const useConnections = () => useQuery({ queryKey: connectionsQueryKey, queryFn: getConnections, staleTime: 5 * 60_000 });
