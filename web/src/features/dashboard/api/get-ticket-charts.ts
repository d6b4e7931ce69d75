import type { TicketChartQuery } from '@switchboard/shared/contracts/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /dashboard/ticketsDay: tickets per day of the period (per hour when it is one day). */
export const getTicketsPerDay = (query: TicketChartQuery) => callRoute('dashboard.tickets-day', { query });
/** GET /dashboard/ticketsUsers: tickets of the period per attendant. */
export const getTicketsPerUser = (query: TicketChartQuery) => callRoute('dashboard.tickets-users', { query });

export const ticketChartKeys = {
  perDay: (query: TicketChartQuery) => ['dashboard', 'tickets-day', query] as const,
  perUser: (query: TicketChartQuery) => ['dashboard', 'tickets-users', query] as const,
};

export const useTicketsPerDay = (query: TicketChartQuery) =>
  useQuery({
    queryKey: ticketChartKeys.perDay(query),
    queryFn: () => getTicketsPerDay(query),
    placeholderData: keepPreviousData,
  });

export const useTicketsPerUser = (query: TicketChartQuery) =>
  useQuery({
    queryKey: ticketChartKeys.perUser(query),
    queryFn: () => getTicketsPerUser(query),
    placeholderData: keepPreviousData,
  });
