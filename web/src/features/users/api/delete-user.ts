import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { usersQueryKeys } from './get-users.ts';

/** DELETE /users/{id}: the user's open tickets go back to their queues; the API refuses the caller's own user. */
export const deleteUser = (id: number) => callRoute('users.delete', { params: { id } });

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
};
