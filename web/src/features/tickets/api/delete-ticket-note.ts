import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ticketNotesQueryKey } from './get-ticket-notes.ts';

export const deleteTicketNote = ({ id }: { id: string; ticketId: number; contactId: number }) =>
  callRoute('tickets.notes-delete', { params: { id } });

export const useDeleteTicketNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicketNote,
    onSuccess: (_, note) => queryClient.invalidateQueries({ queryKey: ticketNotesQueryKey(note.ticketId, note.contactId) }),
  });
};
