/**
 * The home of the announcements' cache keys (document 3 "Announcements"): the top bar's button reads the active
 * ones (GET /announcements/for-company), the super user's page the whole list; a `company-announcement` frame
 * makes both read again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { channels } from '@switchboard/shared/events';
import { callRoute } from './api-client.ts';
import { useRealtimeEvent } from './realtime.tsx';

export const announcementsQueryKeys = {
  all: ['announcements'] as const,
  active: () => ['announcements', 'active'] as const,
  list: (searchParam: string) => ['announcements', 'list', searchParam] as const,
};

export const useActiveAnnouncements = () =>
  useQuery({
    queryKey: announcementsQueryKeys.active(),
    queryFn: () => callRoute('announcements.for-company'),
    staleTime: 60_000,
  });

/** Re-reads every announcements list when the super user changes one. */
export const useAnnouncementsLiveUpdates = (): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.announcement(), () => {
    void queryClient.invalidateQueries({ queryKey: announcementsQueryKeys.all });
  });
};
