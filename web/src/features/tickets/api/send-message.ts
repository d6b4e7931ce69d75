import type { Message } from '@switchboard/shared/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type CallInput } from '../../../lib/api-client.ts';
import { addSentMessage, type MessagePages } from '../utils/message-pages.ts';
import { messagesQueryKey } from './get-messages.ts';

export type SendMessageInput = CallInput<'messages.send'>['body'];

/** POST /messages/{ticketId}; with an idempotency key (the reply's UUID) a retried send stores and sends it once. */
export const sendMessage = ({
  ticketId,
  message,
  idempotencyKey,
}: {
  ticketId: number;
  message: SendMessageInput;
  idempotencyKey?: string;
}): Promise<Message> =>
  callRoute('messages.send', {
    params: { id: ticketId },
    body: message,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });

export const useSendMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // the realtime echo usually arrives first; this covers a connection that is down for a moment
    onSuccess: (message) =>
      queryClient.setQueryData<MessagePages>(messagesQueryKey(message.ticketId), (data) =>
        data ? addSentMessage(data, message) : data,
      ),
  });
};
