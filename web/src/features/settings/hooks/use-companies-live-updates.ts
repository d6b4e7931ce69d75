import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { platformQueryKeys } from '../api/platform-query-keys.ts';

/**
 * Keeps the super user's open companies table current: a company created, edited, deleted, paid or deactivated by anyone
 * (another super user's tab, a payment, the unpaid job) reads the loaded pages again.
 */
export const useCompaniesLiveUpdates = (): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.platformCompanies(), () => {
    void queryClient.invalidateQueries({ queryKey: platformQueryKeys.companies });
  });
};
