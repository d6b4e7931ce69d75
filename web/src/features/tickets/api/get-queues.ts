import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export const getQueues = () => callRoute('queues.list');

export const queuesQueryKey = ['queues'] as const;

export const useQueues = () => useQuery({ queryKey: queuesQueryKey, queryFn: getQueues, staleTime: 5 * 60_000 });
