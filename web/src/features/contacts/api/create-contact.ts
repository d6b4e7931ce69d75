import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type CallInput } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './get-contacts.ts';

export type CreateContactInput = CallInput<'contacts.create'>['body'];

export const createContact = (body: CreateContactInput) => callRoute('contacts.create', { body });

export const useCreateContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
  });
};
