import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactQueryKey } from './get-contact.ts';

/** The contact carries exactly these tags afterwards. */
export const syncContactTags = ({ contactId, tagIds }: { contactId: number; tagIds: number[] }) =>
  callRoute('tags.sync', { body: { contactId, tags: tagIds.map((id) => ({ id })) } });

export const useSyncContactTags = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncContactTags,
    onSuccess: (contact) => queryClient.setQueryData(contactQueryKey(contact.id), contact),
  });
};
