import type { CreateConnectionBody } from '@switchboard/shared/contracts/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { connectionsQueryKey } from './get-connections.ts';

/** POST /whatsapp: the plan's limit and the queues are checked by the API. */
export const createConnection = (body: CreateConnectionBody) => callRoute('connections.create', { body });

export const useCreateConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
