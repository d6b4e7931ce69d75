import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { queueIntegrationsQueryKeys } from './get-queue-integrations.ts';

/** DELETE /queueIntegration/{id}: connections, queues and options that named it drop it (server side). */
export const deleteQueueIntegration = (id: number) => callRoute('queue-integrations.delete', { params: { id } });

export const useDeleteQueueIntegration = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQueueIntegration,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queueIntegrationsQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['connections'] }),
      ]),
  });
};
