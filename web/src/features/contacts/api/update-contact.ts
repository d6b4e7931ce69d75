import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type CallInput } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './get-contacts.ts';

export type UpdateContactInput = CallInput<'contacts.update'>['body'];

export const updateContact = ({ id, changes }: { id: number; changes: UpdateContactInput }) =>
  callRoute('contacts.update', { params: { id }, body: changes });

export const useUpdateContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
  });
};
