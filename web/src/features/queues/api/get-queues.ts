import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /queue: every queue of the company (at most the plan's limit), in order; the table pages through them. */
export const getQueues = () => callRoute('queues.list', {});

export const queuesQueryKeys = {
  all: ['queues'] as const,
  list: () => ['queues', 'list'] as const,
  detail: (id: number) => ['queues', 'detail', id] as const,
};

export const useQueues = () => useQuery({ queryKey: queuesQueryKeys.list(), queryFn: getQueues });
