import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { usersQueryKeys } from '../api/get-users.ts';

/** A user created, changed or deleted anywhere in the company refreshes the list on screen. */
export const useUsersLiveUpdates = (companyId: number): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.user(companyId), () => {
    void queryClient.invalidateQueries({ queryKey: usersQueryKeys.all });
  });
};
