import type { Ticket, UpdateTicketBody } from '@switchboard/shared/contracts/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ticketQueryKey } from './get-ticket.ts';

export const updateTicket = ({ id, changes }: { id: number; changes: UpdateTicketBody }): Promise<Ticket> =>
  callRoute('tickets.update', { params: { id }, body: changes });

export const useUpdateTicket = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    onSuccess: (ticket) => queryClient.setQueryData(ticketQueryKey(ticket.uuid), ticket),
  });
};
