import { MEDIA_URL_REFRESH_MS } from '@switchboard/shared/media-types';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import type { MessagePage } from '../utils/message-pages.ts';
import { MESSAGE_PAGE_SIZE } from '../utils/message-rules.ts';

export const getMessages = (ticketId: number, cursor?: string, limit = MESSAGE_PAGE_SIZE): Promise<MessagePage> =>
  callRoute('messages.list', { params: { id: ticketId }, query: { cursor, limit } });

export const messagesQueryKey = (ticketId: number) => ['messages', ticketId] as const;

/** A conversation: the newest page first, older pages as the agent scrolls up. */
export const useMessages = (ticketId: number | undefined) =>
  useInfiniteQuery({
    queryKey: messagesQueryKey(ticketId ?? 0),
    queryFn: ({ pageParam }) => getMessages(ticketId!, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    enabled: ticketId !== undefined,
    // live events keep an open conversation current; one opened again is read again (it missed events meanwhile)
    staleTime: 0,
    // media URLs expire (an hour in AWS): a conversation left open is read again before they do
    refetchInterval: MEDIA_URL_REFRESH_MS,
  });

/** Reading the newest message marks the ticket read on the server (no access log, unlike opening it). */
export const markMessagesRead = (ticketId: number) => getMessages(ticketId, undefined, 1);
