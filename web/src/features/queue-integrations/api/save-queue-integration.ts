import type { QueueIntegrationBodyInput } from '@switchboard/shared/contracts/queue-integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { queueIntegrationsQueryKeys } from './get-queue-integrations.ts';

/** POST /queueIntegration (a new integration) or PUT /queueIntegration/{id} (masked credentials sent back keep the stored ones). */
export const saveQueueIntegration = ({ id, body }: { id?: number; body: QueueIntegrationBodyInput }) =>
  id === undefined
    ? callRoute('queue-integrations.create', { body })
    : callRoute('queue-integrations.update', { params: { id }, body });

export const useSaveQueueIntegration = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQueueIntegration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueIntegrationsQueryKeys.all }),
  });
};
