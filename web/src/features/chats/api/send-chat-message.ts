import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { addMessage, type MessagePage } from '../utils/chat-state.ts';
import { chatsQueryKeys } from './get-chats.ts';

/**
 * POST /chats/{id}/messages with the text and, when a file is attached, the key of the upload: POST /chats/upload
 * hands out a signed address, the bytes go there directly, and the post names the key (as ticket attachments do).
 */
export const sendChatMessage = async ({ chatId, message, file }: { chatId: number; message: string; file?: File }) => {
  let media: { key: string; name: string; mimeType: string; size: number } | undefined;
  if (file) {
    const mimeType = file.type || 'application/octet-stream';
    const target = await callRoute('chats.upload', { body: { chatId, name: file.name, mimeType, size: file.size } });
    const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
    if (!response.ok) throw new ApiError(response.status, { error: 'ERR_INTERNAL' });
    media = { key: target.key, name: file.name, mimeType, size: file.size };
  }
  return callRoute('chats.send', { params: { id: chatId }, body: { message, media } });
};

export const useSendChatMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChatMessage,
    onSuccess: (message) =>
      queryClient.setQueryData<InfiniteData<MessagePage, string | undefined>>(chatsQueryKeys.messages(message.chatId), (data) =>
        data ? { ...data, pages: addMessage(data.pages, message) } : data,
      ),
  });
};
