import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ticketNotesQueryKey } from './get-ticket-notes.ts';

export const createTicketNote = (body: { note: string; ticketId: number; contactId: number }) =>
  callRoute('tickets.notes-create', { body });

export const useCreateTicketNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicketNote,
    onSuccess: (note) => queryClient.invalidateQueries({ queryKey: ticketNotesQueryKey(note.ticketId, note.contactId) }),
  });
};
