import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export const deleteTicket = (id: number) => callRoute('tickets.delete', { params: { id } });

export const useDeleteTicket = () => useMutation({ mutationFn: deleteTicket });
