/** The company's queues, for the inbox's pickers: the shared lookup (lib/lookups.ts). */
export { getQueueList as getQueues, queueListKey as queuesQueryKey, useQueueList as useQueues } from '../../../lib/lookups.ts';
