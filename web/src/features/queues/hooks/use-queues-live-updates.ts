import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { queuesQueryKeys } from '../api/get-queues.ts';

/** A queue created, changed or deleted anywhere in the company refreshes the table on screen. */
export const useQueuesLiveUpdates = (companyId: number): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.queue(companyId), () => {
    void queryClient.invalidateQueries({ queryKey: queuesQueryKeys.all });
  });
};
