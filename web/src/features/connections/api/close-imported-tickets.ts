import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { connectionsQueryKey } from './get-connections.ts';

/** POST /closedimported/{id}: closes the tickets an import of old messages created (the rest in a job when many). */
export const closeImportedTickets = ({ id }: { id: number }) => callRoute('tickets.close-imported', { params: { id } });

export const useCloseImportedTickets = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeImportedTickets,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
