import type { Connection, CreateConnectionBody } from '@switchboard/shared/contracts/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { connectionsQueryKey } from './get-connections.ts';

/** POST /whatsapp: the plan's limit and the queues are checked by the API. */
export const createConnection = (body: CreateConnectionBody) => callRoute('connections.create', { body });

export const useCreateConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConnection,
    // the new row (and a WhatsApp session's QR dialog) shows at once, before the list is read again
    onSuccess: (created) =>
      queryClient.setQueryData<Connection[]>(connectionsQueryKey, (list) =>
        list && !list.some((c) => c.id === created.id) ? [...list, created] : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
