import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { connectionsQueryKey } from './get-connections.ts';

/** DELETE /whatsapp/{id}: the default connection is refused while others exist (ERR_NO_OTHER_WHATSAPP). */
export const deleteConnection = (id: number) => callRoute('connections.delete', { params: { id } });

export const useDeleteConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
