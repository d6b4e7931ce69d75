import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ticketCountsKey, ticketListsKey } from './get-tickets.ts';

export const closeAllTickets = (body: { status: 'open' | 'pending'; selectedQueueIds: number[] }) =>
  callRoute('tickets.close-all', { body });

export const useCloseAllTickets = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeAllTickets,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ticketListsKey });
      void queryClient.invalidateQueries({ queryKey: ticketCountsKey });
    },
  });
};
