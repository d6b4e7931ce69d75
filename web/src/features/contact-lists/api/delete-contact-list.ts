import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './get-contact-lists.ts';

/** DELETE /contact-lists/{id}: the list goes at once, its items in the background. */
export const deleteContactList = (id: number) => callRoute('contact-lists.delete', { params: { id } });

export const useDeleteContactList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.all }),
  });
};
