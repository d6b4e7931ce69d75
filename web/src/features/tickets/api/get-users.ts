import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export const getUsers = (searchParam?: string) => callRoute('users.list', { query: { searchParam: searchParam?.trim() || undefined } });

export const usersQueryKey = (searchParam = '') => ['users', 'list', searchParam.trim().toLowerCase()] as const;

/** Agents for the transfer picker (searched) and the admin's user filter (all). */
export const useUsers = (searchParam = '', { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: usersQueryKey(searchParam),
    queryFn: () => getUsers(searchParam),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
