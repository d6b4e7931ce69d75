import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export const getTicketNotes = (ticketId: number, contactId: number) =>
  callRoute('tickets.notes-list', { query: { ticketId, contactId } });

export const ticketNotesQueryKey = (ticketId: number, contactId: number) => ['tickets', ticketId, 'notes', contactId] as const;

export const useTicketNotes = (ticketId: number, contactId: number) =>
  useQuery({ queryKey: ticketNotesQueryKey(ticketId, contactId), queryFn: () => getTicketNotes(ticketId, contactId) });
