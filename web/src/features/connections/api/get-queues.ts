import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /queue: the queues a connection can send its conversations to. */
export const getQueues = () => callRoute('queues.list');

export const queuesQueryKey = ['queues'] as const;

export const useQueues = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ queryKey: queuesQueryKey, queryFn: getQueues, enabled });
