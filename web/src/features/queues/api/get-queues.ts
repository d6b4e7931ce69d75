import { getQueueList, useQueueList } from '../../../lib/lookups.ts';

/** GET /queue: every queue of the company (at most the plan's limit), in order; the table pages through them. */
export const getQueues = getQueueList;

export const queuesQueryKeys = {
  all: ['queues'] as const,
  detail: (id: number) => ['queues', 'detail', id] as const,
};

/** The queues page reads the shared list (lib/lookups.ts): a save or a live event refreshes it and every picker. */
export const useQueues = () => useQueueList();
