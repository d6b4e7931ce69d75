import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /quick-messages: one page (numbered from 1) of the company's replies, searched by shortcode. */
export const getQuickMessages = (searchParam: string, pageNumber: number) =>
  callRoute('quick-messages.list', { query: { searchParam: searchParam.trim() || undefined, pageNumber } });

export const quickMessagesQueryKeys = {
  all: ['quick-messages'] as const,
  list: (searchParam: string) => ['quick-messages', 'list', searchParam] as const,
};

/** Pages are appended while hasMore is true (spec document 3 section 7); the table pages through them locally. */
export const useQuickMessages = (searchParam: string) =>
  useInfiniteQuery({
    queryKey: quickMessagesQueryKeys.list(searchParam),
    queryFn: ({ pageParam }) => getQuickMessages(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
