import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { fileListsQueryKeys } from '../api/get-file-lists.ts';

/** A list created, changed or deleted anywhere in the company refreshes the table on screen. */
export const useFileListsLiveUpdates = (companyId: number): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.file(companyId), () => {
    void queryClient.invalidateQueries({ queryKey: fileListsQueryKeys.all });
  });
};
