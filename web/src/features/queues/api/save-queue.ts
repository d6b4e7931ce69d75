import type { QueueBodyInput } from '@switchboard/shared/contracts/queues';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { queuesQueryKeys } from './get-queues.ts';

/** POST /queue or PUT /queue/{id} with the whole option tree. */
export const saveQueue = ({ id, body }: { id?: number; body: QueueBodyInput }) =>
  id === undefined ? callRoute('queues.create', { body }) : callRoute('queues.update', { params: { id }, body });

export const useSaveQueue = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQueue,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queuesQueryKeys.all }),
  });
};
