import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { tagsQueryKeys } from '../api/get-tags.ts';

/** A tag created, changed or deleted anywhere in the company refreshes the lists on screen (spec: live lists). */
export const useTagsLiveUpdates = (companyId: number): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.tag(companyId), () => {
    void queryClient.invalidateQueries({ queryKey: tagsQueryKeys.all });
  });
};
