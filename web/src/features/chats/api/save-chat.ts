import type { ChatBody } from '@switchboard/shared/contracts/chats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { chatsQueryKeys } from './get-chats.ts';

/** POST /chats or PUT /chats/{id} (owner only): the title and the chosen users. */
export const saveChat = ({ id, body }: { id?: number; body: ChatBody }) =>
  id === undefined ? callRoute('chats.create', { body }) : callRoute('chats.update', { params: { id }, body });

export const useSaveChat = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsQueryKeys.lists }),
  });
};
