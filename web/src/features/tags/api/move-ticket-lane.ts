import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { tagsQueryKeys } from './get-tags.ts';
import { kanbanQueryKeys } from './get-kanban-tickets.ts';

/**
 * Moving a card (spec document 2): DELETE /ticket-tags/{ticketId} takes off the ticket's lane tags, then
 * PUT /ticket-tags/{ticketId}/{tagId} adds the target lane's (none for the default lane); the board then reloads.
 */
export const moveTicketLane = async ({ ticketId, laneId }: { ticketId: number; laneId: number | null }) => {
  const cleared = await callRoute('tickets.tags-remove', { params: { ticketId } });
  return laneId === null ? cleared : callRoute('tickets.tag-add', { params: { ticketId, tagId: laneId } });
};

export const useMoveTicketLane = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTicketLane,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: kanbanQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: tagsQueryKeys.lanes() }),
      ]);
    },
  });
};
