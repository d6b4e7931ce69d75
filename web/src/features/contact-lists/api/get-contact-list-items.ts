import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './get-contact-lists.ts';

/** GET /contact-list-items: one page (numbered from 1) of a list's items, searched by name or number prefix. */
export const getContactListItems = (contactListId: number, searchParam: string, pageNumber: number) =>
  callRoute('contact-lists.item-list', { query: { contactListId, searchParam: searchParam.trim() || undefined, pageNumber } });

export const useContactListItems = (contactListId: number, searchParam: string) =>
  useInfiniteQuery({
    queryKey: contactListsQueryKeys.itemPage(contactListId, searchParam),
    queryFn: ({ pageParam }) => getContactListItems(contactListId, searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
