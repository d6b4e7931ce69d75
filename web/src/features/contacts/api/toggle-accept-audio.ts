import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './get-contacts.ts';

/** PUT /contacts/toggleAcceptAudio/{id}: whether audio messages from this contact are accepted. */
export const toggleAcceptAudio = ({ id, acceptAudioMessage }: { id: number; acceptAudioMessage: boolean }) =>
  callRoute('contacts.toggle-accept-audio', { params: { id }, body: { acceptAudioMessage } });

export const useToggleAcceptAudio = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleAcceptAudio,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
  });
};
