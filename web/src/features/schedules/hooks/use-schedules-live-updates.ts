import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { scheduleQueryKeys } from '../../../lib/schedules-api.ts';

/** A schedule created, changed, sent or deleted anywhere in the company refreshes the calendar. */
export const useSchedulesLiveUpdates = (companyId: number): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.schedule(companyId), () => {
    void queryClient.invalidateQueries({ queryKey: scheduleQueryKeys.all });
  });
};
