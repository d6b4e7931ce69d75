import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './get-contacts.ts';

/** PUT /contacts/block/{id}: active false blocks the contact, true unblocks it. */
export const blockContact = ({ id, active }: { id: number; active: boolean }) =>
  callRoute('contacts.block', { params: { id }, body: { active } });

export const useBlockContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
  });
};
