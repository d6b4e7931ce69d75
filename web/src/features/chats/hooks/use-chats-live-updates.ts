import type { Chat } from '@switchboard/shared/contracts/chats';
import { channels } from '@switchboard/shared/events';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { chatsQueryKeys } from '../api/get-chats.ts';
import {
  addMessage,
  dropMessage,
  removeChat,
  replaceMessage,
  upsertChat,
  type ChatPage,
  type MessagePage,
} from '../utils/chat-state.ts';

type ChatPages = InfiniteData<ChatPage, number>;
type MessagePages = InfiniteData<MessagePage, string | undefined>;

/** Puts the chat as it is now in every cached list (and its own entry); a list that cannot place it is read again. */
const placeChat = (queryClient: QueryClient, chat: Chat, toTop: boolean) => {
  let unplaced = false;
  queryClient.setQueriesData<ChatPages>({ queryKey: chatsQueryKeys.lists }, (data) => {
    if (!data) return data;
    const pages = upsertChat(data.pages, chat, toTop);
    if (!pages) {
      unplaced = true;
      return data;
    }
    return { ...data, pages };
  });
  queryClient.setQueryData(chatsQueryKeys.detail(chat.uuid), chat);
  if (unplaced) void queryClient.invalidateQueries({ queryKey: chatsQueryKeys.lists });
};

const updateMessages = (queryClient: QueryClient, chatId: number, change: (pages: MessagePage[]) => MessagePage[]) =>
  queryClient.setQueryData<MessagePages>(chatsQueryKeys.messages(chatId), (data) =>
    data ? { ...data, pages: change(data.pages) } : data,
  );

/**
 * Keeps every cached chat screen live from the chat frames the user receives (only a chat's members receive them):
 * the lists, the open conversation, and the unread total of the top bar and the menu. Mounted once, by the shell.
 */
export const useChatsLiveUpdates = (companyId: number, userId: number, { enabled }: { enabled: boolean }): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(enabled ? channels.chat(companyId) : undefined, (frame) => {
    switch (frame.action) {
      case 'new-message':
        placeChat(queryClient, frame.chat, true);
        updateMessages(queryClient, frame.chat.id, (pages) => addMessage(pages, frame.newMessage));
        break;
      case 'edit-message':
        placeChat(queryClient, frame.chat, false);
        updateMessages(queryClient, frame.chat.id, (pages) => replaceMessage(pages, frame.message));
        break;
      case 'delete-message':
        placeChat(queryClient, frame.chat, false);
        updateMessages(queryClient, frame.chat.id, (pages) => dropMessage(pages, frame.message.id));
        break;
      case 'update':
        placeChat(queryClient, frame.chat, false);
        break;
      case 'delete':
        queryClient.setQueriesData<ChatPages>({ queryKey: chatsQueryKeys.lists }, (data) =>
          data ? { ...data, pages: removeChat(data.pages, frame.id) } : data,
        );
        queryClient.removeQueries({ queryKey: chatsQueryKeys.messages(frame.id) });
        break;
    }
    void queryClient.invalidateQueries({ queryKey: chatsQueryKeys.unread });
  });
  useRealtimeEvent(enabled ? channels.chatUser(companyId, userId) : undefined, (frame) => {
    placeChat(queryClient, frame.record, frame.action === 'create');
    void queryClient.invalidateQueries({ queryKey: chatsQueryKeys.unread });
  });
};

/** Runs `onDeleted` with the id of each chat deleted (or taken away from the user) while a screen shows it. */
export const useChatDeleted = (companyId: number, onDeleted: (chatId: number) => void): void => {
  useRealtimeEvent(channels.chat(companyId), (frame) => {
    if (frame.action === 'delete') onDeleted(frame.id);
  });
};
