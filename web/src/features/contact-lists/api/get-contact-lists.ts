import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /contact-lists: one page (numbered from 1) of the company's lists, searched by name prefix. */
export const getContactLists = (searchParam: string, pageNumber: number) =>
  callRoute('contact-lists.list', { query: { searchParam: searchParam.trim() || undefined, pageNumber } });

export const contactListsQueryKeys = {
  all: ['contact-lists'] as const,
  list: (searchParam: string) => ['contact-lists', 'list', searchParam] as const,
  one: (id: number) => ['contact-lists', 'one', id] as const,
  items: (listId: number) => ['contact-lists', 'items', listId] as const,
  itemPage: (listId: number, searchParam: string) => ['contact-lists', 'items', listId, searchParam] as const,
};

export const useContactLists = (searchParam: string) =>
  useInfiniteQuery({
    queryKey: contactListsQueryKeys.list(searchParam),
    queryFn: ({ pageParam }) => getContactLists(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

/** GET /contact-lists/{id}: the list's name, counts and latest import. */
export const useContactList = (id: number) =>
  useQuery({
    queryKey: contactListsQueryKeys.one(id),
    queryFn: () => callRoute('contact-lists.show', { params: { id } }),
    retry: false,
  });
