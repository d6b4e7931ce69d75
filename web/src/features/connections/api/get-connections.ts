import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /whatsapp: the company's connections, also behind the menu's warning badge. */
export const getConnections = () => callRoute('connections.list');

/** The inbox's connection pickers share this key, so a change here refreshes them too. */
export const connectionsQueryKey = ['connections'] as const;

export const useConnections = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: connectionsQueryKey, queryFn: getConnections, enabled });
