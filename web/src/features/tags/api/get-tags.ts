import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /tags: one page (numbered from 1) of the company's tags by name, searched by any part of it; kanban 1: lanes only. */
export const getTags = (searchParam: string, pageNumber: number, kanban?: 0 | 1) =>
  callRoute('tags.page', { query: { searchParam: searchParam.trim() || undefined, pageNumber, kanban } });

export const tagsQueryKeys = {
  all: ['tags'] as const,
  page: (searchParam: string, kanban?: 0 | 1) => ['tags', 'page', searchParam, kanban ?? 'all'] as const,
  detail: (id: number) => ['tags', 'detail', id] as const,
  contacts: (id: number) => ['tags', 'contacts', id] as const,
  lanes: () => ['tags', 'kanban-lanes'] as const,
  picker: () => ['tags', 'lane-picker'] as const,
};

/** Pages are appended while hasMore is true; the table pages through them locally (spec document 2 section 7). */
export const useTags = (searchParam: string, kanban?: 0 | 1) =>
  useInfiniteQuery({
    queryKey: tagsQueryKeys.page(searchParam, kanban),
    queryFn: ({ pageParam }) => getTags(searchParam, pageParam, kanban),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
