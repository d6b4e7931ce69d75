import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './get-contacts.ts';

/** POST /tags/sync: the contact's tags become exactly `tagIds`. */
export const syncContactTags = ({ contactId, tagIds }: { contactId: number; tagIds: readonly number[] }) =>
  callRoute('tags.sync', { body: { contactId, tags: tagIds.map((id) => ({ id })) } });

export const useSyncContactTags = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncContactTags,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
  });
};
