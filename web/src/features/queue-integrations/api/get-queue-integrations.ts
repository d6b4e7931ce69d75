import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /queueIntegration: one page (numbered from 1) of the company's integrations, searched by name prefix. */
export const getQueueIntegrations = (searchParam: string, pageNumber: number) =>
  callRoute('queue-integrations.list', { query: { searchParam: searchParam.trim() || undefined, pageNumber } });

/** Under ['queue-integrations']: the page's lists and the pickers' lookup (lib/lookups.ts) refresh together. */
export const queueIntegrationsQueryKeys = {
  all: ['queue-integrations'] as const,
  list: (searchParam: string) => ['queue-integrations', 'list', searchParam] as const,
};

export const useQueueIntegrations = (searchParam: string) =>
  useInfiniteQuery({
    queryKey: queueIntegrationsQueryKeys.list(searchParam),
    queryFn: ({ pageParam }) => getQueueIntegrations(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
