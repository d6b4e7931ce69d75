import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { queuesQueryKeys } from './get-queues.ts';

/** GET /queue/{id}: the queue with its option tree and hours. */
export const getQueue = (id: number) => callRoute('queues.show', { params: { id } });

export const useQueue = (id: number | undefined) =>
  useQuery({ queryKey: queuesQueryKeys.detail(id ?? 0), queryFn: () => getQueue(id!), enabled: id !== undefined, staleTime: 0 });
