import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { useConnectionsTarget } from '../hooks/use-connections-target.tsx';
import { useCompanyConnections } from './get-company-connections.ts';

/** GET /queue: the queues a connection can send its conversations to. */
export const getQueues = () => callRoute('queues.list');

export const queuesQueryKey = ['queues'] as const;

/** The caller's queues; for another company the super user manages, that company's (read with its connections). */
export const useQueues = ({ enabled = true }: { enabled?: boolean } = {}) => {
  const target = useConnectionsTarget();
  const own = useQuery({ queryKey: queuesQueryKey, queryFn: getQueues, enabled: enabled && target === undefined });
  const other = useCompanyConnections(target);
  return target === undefined ? { data: own.data, isPending: own.isPending } : { data: other.data?.queues, isPending: other.isPending };
};
