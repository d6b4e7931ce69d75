import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { removeMessage, replaceMessage, type MessagePages } from '../utils/message-pages.ts';
import { messagesQueryKey } from './get-messages.ts';

export const deleteMessage = (id: string) => callRoute('messages.delete', { params: { id } });

export const useDeleteMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    // a private note disappears; a message to the contact stays, marked deleted
    onSuccess: (message) =>
      queryClient.setQueryData<MessagePages>(messagesQueryKey(message.ticketId), (data) =>
        data ? (message.isPrivate ? removeMessage(data, message.id) : replaceMessage(data, message)) : data,
      ),
  });
};
