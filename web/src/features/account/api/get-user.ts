import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export const getUser = (id: number) => callRoute('users.show', { params: { id } });

export const userQueryKey = (id: number) => ['users', id] as const;

export const useUser = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: userQueryKey(id), queryFn: () => getUser(id), enabled });
