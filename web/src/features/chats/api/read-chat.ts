import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { chatsQueryKeys } from './get-chats.ts';

/** POST /chats/{id}/read: the caller has read the chat; its count and the caller's total drop. */
export const readChat = (id: number) => callRoute('chats.read', { params: { id } });

export const useReadChat = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readChat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsQueryKeys.unread }),
  });
};
