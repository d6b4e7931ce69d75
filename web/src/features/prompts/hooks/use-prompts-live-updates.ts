import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { promptsQueryKey } from '../api/get-prompts.ts';

/** A prompt created, changed or deleted anywhere in the company refreshes the list on screen. */
export const usePromptsLiveUpdates = (companyId: number): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.prompt(companyId), () => {
    void queryClient.invalidateQueries({ queryKey: promptsQueryKey });
  });
};
