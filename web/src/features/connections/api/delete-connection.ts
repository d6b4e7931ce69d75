import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { useConnectionsTarget } from '../hooks/use-connections-target.tsx';
import { connectionsQueryKey } from './get-connections.ts';

/**
 * DELETE /whatsapp/{id} (with `companyId`, the super user's /whatsapp-admin/{companyId}/{id}): the default
 * connection is refused while others exist (ERR_NO_OTHER_WHATSAPP).
 */
export const deleteConnection = (id: number, companyId?: number) =>
  companyId === undefined
    ? callRoute('connections.delete', { params: { id } })
    : callRoute('connections.company-delete', { params: { companyId, id } });

export const useDeleteConnection = () => {
  const queryClient = useQueryClient();
  const companyId = useConnectionsTarget();
  return useMutation({
    mutationFn: (id: number) => deleteConnection(id, companyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
