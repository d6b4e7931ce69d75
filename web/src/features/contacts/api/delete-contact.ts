import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './get-contacts.ts';

/** DELETE /contacts/{id}: needs the contacts-page:deleteContact permission, which the API checks too. */
export const deleteContact = (id: number) => callRoute('contacts.delete', { params: { id } });

export const useDeleteContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
  });
};
