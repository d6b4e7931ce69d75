import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './get-contact-lists.ts';

/** DELETE /contact-list-items/{id}. */
export const deleteContactListItem = (id: number) => callRoute('contact-lists.item-delete', { params: { id } });

export const useDeleteContactListItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactListItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.all }),
  });
};
