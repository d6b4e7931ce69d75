import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /queue: the queues a user can be given. */
export const getQueues = () => callRoute('queues.list');

export const queuesQueryKey = ['queues'] as const;

export const useQueues = () => useQuery({ queryKey: queuesQueryKey, queryFn: getQueues });
