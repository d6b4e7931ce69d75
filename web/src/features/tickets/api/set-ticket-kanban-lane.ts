import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ticketQueryKey } from './get-ticket.ts';

/** Moves a ticket to a kanban lane: its kanban tags are removed, then the lane's tag is added (none: just removed). */
export const setTicketKanbanLane = async ({ ticketId, tagId }: { ticketId: number; tagId: number | null }): Promise<Ticket> => {
  const cleared = await callRoute('tickets.tags-remove', { params: { ticketId } });
  return tagId ? callRoute('tickets.tag-add', { params: { ticketId, tagId } }) : cleared;
};

export const useSetTicketKanbanLane = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTicketKanbanLane,
    onSuccess: (ticket) => queryClient.setQueryData(ticketQueryKey(ticket.uuid), ticket),
  });
};
