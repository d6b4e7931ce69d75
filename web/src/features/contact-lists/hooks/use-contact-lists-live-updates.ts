import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { contactListsQueryKeys } from '../api/get-contact-lists.ts';

/**
 * Lists and items created, changed or deleted anywhere in the company (an import's progress and the WhatsApp checks
 * among them) refresh what is on screen.
 */
export const useContactListsLiveUpdates = (companyId: number): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.contactList(companyId), (change) => {
    void queryClient.invalidateQueries({ queryKey: ['contact-lists', 'list'] });
    const id = change.action === 'delete' ? change.id : change.record.id;
    void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.one(id) });
    // counts moved (an import, a batch of checks): the list's rows are read again
    void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.items(id) });
  });
  useRealtimeEvent(channels.contactListItem(companyId), (change) => {
    const listId = change.action === 'delete' ? change.contactListId : change.record.contactListId;
    void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.items(listId) });
  });
};
