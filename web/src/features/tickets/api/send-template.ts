import type { Message } from '@switchboard/shared/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type CallInput } from '../../../lib/api-client.ts';
import { addSentMessage, type MessagePages } from '../utils/message-pages.ts';
import { messagesQueryKey } from './get-messages.ts';

export type SendTemplateInput = CallInput<'messages.send-template'>['body'];

export const sendTemplate = ({ ticketId, template }: { ticketId: number; template: SendTemplateInput }): Promise<Message> =>
  callRoute('messages.send-template', { params: { id: ticketId }, body: template });

export const useSendTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTemplate,
    onSuccess: (message) =>
      queryClient.setQueryData<MessagePages>(messagesQueryKey(message.ticketId), (data) =>
        data ? addSentMessage(data, message) : data,
      ),
  });
};
