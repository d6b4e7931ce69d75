import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type CallInput } from '../../../lib/api-client.ts';
import { userQueryKey } from './get-user.ts';

export type UpdateUserInput = CallInput<'users.update'>['body'];

export const updateUser = ({ id, changes }: { id: number; changes: UpdateUserInput }) =>
  callRoute('users.update', { params: { id }, body: changes });

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(user.id), user),
  });
};
