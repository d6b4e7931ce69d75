import { useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

export const getTicketLogs = (ticketId: number) => callRoute('tickets.logs', { params: { id: ticketId } });

export const ticketLogsQueryKey = (ticketId: number) => ['tickets', ticketId, 'logs'] as const;

export const useTicketLogs = (ticketId: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: ticketLogsQueryKey(ticketId), queryFn: () => getTicketLogs(ticketId), enabled, staleTime: 0 });
