import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { quickMessagesQueryKeys } from '../api/get-quick-messages.ts';

/** A reply created, changed or deleted anywhere in the company refreshes the list on screen. */
export const useQuickMessagesLiveUpdates = (companyId: number): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.quickMessage(companyId), () => {
    void queryClient.invalidateQueries({ queryKey: quickMessagesQueryKeys.all });
  });
};
