import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { queueIntegrationsQueryKeys } from '../api/get-queue-integrations.ts';

/** An integration created, changed or deleted anywhere in the company refreshes the lists on screen. */
export const useQueueIntegrationsLiveUpdates = (companyId: number): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.queueIntegration(companyId), () => {
    void queryClient.invalidateQueries({ queryKey: queueIntegrationsQueryKeys.all });
  });
};
