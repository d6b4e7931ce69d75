import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { replaceMessage, type MessagePages } from '../utils/message-pages.ts';
import { messagesQueryKey } from './get-messages.ts';

export const editMessage = ({ messageId, ticketId, body }: { messageId: string; ticketId: number; body: string }) =>
  callRoute('messages.edit', { params: { messageId, ticketId }, body: { body } });

export const useEditMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMessage,
    onSuccess: (message) =>
      queryClient.setQueryData<MessagePages>(messagesQueryKey(message.ticketId), (data) =>
        data ? replaceMessage(data, message) : data,
      ),
  });
};
