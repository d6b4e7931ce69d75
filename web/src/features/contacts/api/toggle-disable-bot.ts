import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './get-contacts.ts';

/** PUT /contacts/toggleDisableBot/{id}: whether the chatbot skips this contact. */
export const toggleDisableBot = ({ id, disableBot }: { id: number; disableBot: boolean }) =>
  callRoute('contacts.toggle-disable-bot', { params: { id }, body: { disableBot } });

export const useToggleDisableBot = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleDisableBot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
  });
};
