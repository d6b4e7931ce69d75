import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** Tickets this tab deleted: their conversation may still try to load them once, and that is no news to report. */
const deletedHere = new Set<string>();

export const deletedInThisTab = (uuid: string): boolean => deletedHere.has(uuid);

/** Tickets a live event said were deleted (or moved) while open here: a failed read of them is news, not an error. */
const removedLive = new Set<string>();

export const noteRemovedLive = (uuid: string): void => void removedLive.add(uuid);

export const removedWhileOpen = (uuid: string): boolean => removedLive.has(uuid);

export const deleteTicket = async (ticket: { id: number; uuid: string }) => {
  deletedHere.add(ticket.uuid);
  try {
    return await callRoute('tickets.delete', { params: { id: ticket.id } });
  } catch (error) {
    deletedHere.delete(ticket.uuid);
    throw error;
  }
};

export const useDeleteTicket = () => useMutation({ mutationFn: deleteTicket });
