import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ticketListQuery, type TicketListFilters, type TicketView } from '../utils/ticket-filters.ts';
import type { TicketPage } from '../utils/ticket-list-cache.ts';

export const getTickets = (filters: TicketListFilters, cursor?: string, limit?: number): Promise<TicketPage> =>
  callRoute('tickets.list', { query: { ...ticketListQuery(filters, limit), cursor } });

/** Every ticket list in the cache starts with this key, so live changes can reach them all. */
export const ticketListsKey = ['tickets', 'list'] as const;
export const ticketsQueryKey = (filters: TicketListFilters) => [...ticketListsKey, filters] as const;

/** One view of the inbox, a page at a time (cursor paging). */
export const useTickets = (filters: TicketListFilters, { enabled = true }: { enabled?: boolean } = {}) =>
  useInfiniteQuery({
    queryKey: ticketsQueryKey(filters),
    queryFn: ({ pageParam }) => getTickets(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    enabled,
    staleTime: 60_000,
  });

/** The tab badges: the count of a view without its tickets. */
export const ticketCountsKey = ['tickets', 'count'] as const;
export const useTicketCount = (filters: TicketListFilters, view: TicketView, { enabled = true }: { enabled?: boolean } = {}) => {
  const scoped = { ...filters, view };
  return useQuery({
    queryKey: [...ticketCountsKey, scoped] as const,
    queryFn: async () => (await getTickets(scoped, undefined, 1)).count,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};
