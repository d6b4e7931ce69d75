import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /flowbuilder: one page (numbered from 1) of the company's flows, searched by name prefix. */
export const getFlows = (searchParam: string, pageNumber: number) =>
  callRoute('flows.list', { query: { searchParam: searchParam.trim() || undefined, pageNumber } });

export const flowsQueryKeys = {
  all: ['flows'] as const,
  list: (searchParam: string) => ['flows', 'list', searchParam] as const,
  graph: (id: number) => ['flows', 'graph', id] as const,
};

export const useFlows = (searchParam: string) =>
  useInfiniteQuery({
    queryKey: flowsQueryKeys.list(searchParam),
    queryFn: ({ pageParam }) => getFlows(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
