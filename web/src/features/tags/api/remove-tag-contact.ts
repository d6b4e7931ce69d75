import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { tagsQueryKeys } from './get-tags.ts';

/** DELETE /tags-contacts/{tagId}/{contactId}: takes the tag off one contact. */
export const removeTagContact = ({ tagId, contactId }: { tagId: number; contactId: number }) =>
  callRoute('tags.remove-contact', { params: { tagId, contactId } });

export const useRemoveTagContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTagContact,
    onSuccess: (_data, { tagId }) => queryClient.invalidateQueries({ queryKey: tagsQueryKeys.contacts(tagId) }),
  });
};
