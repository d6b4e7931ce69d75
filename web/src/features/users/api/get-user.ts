import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { usersQueryKeys } from './get-users.ts';

/** GET /users/{id}: every field of one user, for the edit dialog. */
export const getUser = (id: number) => callRoute('users.show', { params: { id } });

export const useUser = (id: number | undefined) =>
  useQuery({ queryKey: usersQueryKeys.detail(id ?? 0), queryFn: () => getUser(id!), enabled: id !== undefined });
