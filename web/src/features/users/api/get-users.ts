import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /users: one page of the company's users after `cursor`, searched by name or e-mail (lowercased). */
export const getUsers = (searchParam: string, cursor: string | undefined) =>
  callRoute('users.list', { query: { searchParam: searchParam.trim().toLowerCase() || undefined, cursor } });

export const usersQueryKeys = {
  all: ['users'] as const,
  list: (searchParam: string) => ['users', 'list', searchParam] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

/** Pages are appended while hasMore is true; the page asks for the next one near the bottom of the table. */
export const useUsers = (searchParam: string) =>
  useInfiniteQuery({
    queryKey: usersQueryKeys.list(searchParam),
    queryFn: ({ pageParam }) => getUsers(searchParam, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
  });
