import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { tagsQueryKeys } from './get-tags.ts';

/** GET /tags/{id}/contacts: the contacts carrying the tag, 20 at a time. */
export const getTagContacts = (id: number, cursor?: string) =>
  callRoute('tags.contacts', { params: { id }, query: { cursor, limit: 20 } });

export const useTagContacts = (id: number | undefined) =>
  useInfiniteQuery({
    queryKey: tagsQueryKeys.contacts(id ?? 0),
    queryFn: ({ pageParam }) => getTagContacts(id!, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: id !== undefined,
  });
