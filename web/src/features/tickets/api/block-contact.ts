import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactQueryKey } from './get-contact.ts';

export const blockContact = ({ id, active }: { id: number; active: boolean }) =>
  callRoute('contacts.block', { params: { id }, body: { active } });

export const useBlockContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockContact,
    onSuccess: (contact) => queryClient.setQueryData(contactQueryKey(contact.id), contact),
  });
};
