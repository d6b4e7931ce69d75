import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { queuesQueryKeys } from './get-queues.ts';

/** DELETE /queue/{id}: the queue leaves users' queue lists too. */
export const deleteQueue = (id: number) => callRoute('queues.delete', { params: { id } });

export const useDeleteQueue = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQueue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queuesQueryKeys.all }),
  });
};
