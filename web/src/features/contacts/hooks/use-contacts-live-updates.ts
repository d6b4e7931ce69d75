import { useQueryClient } from '@tanstack/react-query';
import { channelOf } from '../../../lib/realtime-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { contactsQueryKeys } from '../api/get-contacts.ts';

/** A contact created, changed or deleted anywhere in the company refreshes the list on screen. */
export const useContactsLiveUpdates = (companyId: number): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channelOf('contact', companyId), () => {
    void queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all });
  });
};
