import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { chatsQueryKeys } from './get-chats.ts';

/** DELETE /chats/{id}: the owner deletes the chat and its messages. */
export const deleteChat = (id: number) => callRoute('chats.delete', { params: { id } });

export const useDeleteChat = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsQueryKeys.all }),
  });
};
