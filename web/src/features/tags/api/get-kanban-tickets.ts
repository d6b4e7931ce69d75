import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export interface BoardRange {
  startDate: string;
  endDate: string;
}

/** GET /ticket/kanban: a page of the waiting and open tickets last changed within the caller's days. */
export const getKanbanTickets = (range: BoardRange, cursor: string | undefined, tzOffset: number) =>
  callRoute('tags.kanban-tickets', { query: { ...range, tzOffset, cursor, limit: 100 } });

export const kanbanQueryKeys = {
  all: ['kanban'] as const,
  tickets: (range: BoardRange) => ['kanban', 'tickets', range.startDate, range.endDate] as const,
};

export const useKanbanTickets = (range: BoardRange, tzOffset: number) =>
  useInfiniteQuery({
    queryKey: kanbanQueryKeys.tickets(range),
    queryFn: ({ pageParam }) => getKanbanTickets(range, pageParam, tzOffset),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
