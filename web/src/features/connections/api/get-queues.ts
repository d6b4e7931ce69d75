import { useQueueList } from '../../../lib/lookups.ts';
import { useConnectionsTarget } from '../hooks/use-connections-target.tsx';
import { useCompanyConnections } from './get-company-connections.ts';

/** The caller's queues; for another company the super user manages, that company's (read with its connections). */
export const useQueues = ({ enabled = true }: { enabled?: boolean } = {}) => {
  const target = useConnectionsTarget();
  const own = useQueueList({ enabled: enabled && target === undefined });
  const other = useCompanyConnections(target);
  return target === undefined
    ? { data: own.data, isPending: own.isPending }
    : { data: other.data?.queues, isPending: other.isPending };
};
