import type { UpdateConnectionBody } from '@switchboard/shared/contracts/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { useConnectionsTarget } from '../hooks/use-connections-target.tsx';
import { connectionsQueryKey } from './get-connections.ts';

/**
 * PUT /whatsapp/{id} (with `companyId`, the super user's /whatsapp-admin/{companyId}/{id}): the fields sent change;
 * `regenerateToken: true` alone replaces the API token, `regenerateWidgetKey: true` a web chat's widget key.
 */
export const updateConnection = ({ id, body, companyId }: { id: number; body: UpdateConnectionBody; companyId?: number }) =>
  companyId === undefined
    ? callRoute('connections.update', { params: { id }, body })
    : callRoute('connections.company-update', { params: { companyId, id }, body });

export const useUpdateConnection = () => {
  const queryClient = useQueryClient();
  const companyId = useConnectionsTarget();
  return useMutation({
    mutationFn: (input: { id: number; body: UpdateConnectionBody }) => updateConnection({ ...input, companyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
