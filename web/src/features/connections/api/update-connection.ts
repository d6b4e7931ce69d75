import type { UpdateConnectionBody } from '@switchboard/shared/contracts/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { connectionsQueryKey } from './get-connections.ts';

/** PUT /whatsapp/{id}: the fields sent change; `regenerateToken: true` alone replaces the token. */
export const updateConnection = ({ id, body }: { id: number; body: UpdateConnectionBody }) =>
  callRoute('connections.update', { params: { id }, body });

export const useUpdateConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
