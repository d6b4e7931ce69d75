import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { chatsQueryKeys } from './get-chats.ts';

/** GET /chats/{id}/messages: newest first; each further page continues after the one before (its cursor). */
export const getChatMessages = (chatId: number, cursor: string | undefined) =>
  callRoute('chats.messages', { params: { id: chatId }, query: { pageNumber: 1, cursor } });

export const useChatMessages = (chatId: number | undefined) =>
  useInfiniteQuery({
    queryKey: chatsQueryKeys.messages(chatId ?? 0),
    queryFn: ({ pageParam }) => getChatMessages(chatId!, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    enabled: chatId !== undefined,
    // live frames keep the pages current; reading them again would lose the scroll position
    staleTime: Infinity,
  });
