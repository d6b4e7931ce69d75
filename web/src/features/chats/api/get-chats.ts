import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /chats: one page (numbered from 1) of the caller's chats, most recently active first, with their unread total. */
export const getChats = (searchParam: string, pageNumber: number) =>
  callRoute('chats.list', { query: { searchParam: searchParam.trim() || undefined, pageNumber } });

export const chatsQueryKeys = {
  all: ['chats'] as const,
  lists: ['chats', 'list'] as const,
  list: (searchParam: string) => ['chats', 'list', searchParam] as const,
  unread: ['chats', 'unread'] as const,
  detail: (ref: string) => ['chats', 'detail', ref] as const,
  messages: (chatId: number) => ['chats', 'messages', chatId] as const,
};

/** Pages are appended while hasMore is true. */
export const useChats = (searchParam: string) =>
  useInfiniteQuery({
    queryKey: chatsQueryKeys.list(searchParam),
    queryFn: ({ pageParam }) => getChats(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });

/** The caller's unread chat messages over every chat: the top bar's count and the menu's dot. */
export const useChatUnreadCount = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: chatsQueryKeys.unread,
    queryFn: async () => (await getChats('', 1)).unreadCount,
    enabled,
    staleTime: 60_000,
  });

/** GET /chats/{uuid}: the chat the address names (it may lie beyond the pages of the list). */
export const useChat = (uuid: string | undefined) =>
  useQuery({
    queryKey: chatsQueryKeys.detail(uuid ?? ''),
    queryFn: () => callRoute('chats.show', { params: { id: uuid! } }),
    enabled: uuid !== undefined,
    retry: false,
  });
