/** The queues a user can be given: the shared lookup (lib/lookups.ts). */
export { getQueueList as getQueues, queueListKey as queuesQueryKey, useQueueList as useQueues } from '../../../lib/lookups.ts';
