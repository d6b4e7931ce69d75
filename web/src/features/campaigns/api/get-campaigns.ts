import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /campaigns: one page (20, numbered from 1) of the company's campaigns, newest first, searched by name. */
export const getCampaigns = (searchParam: string, pageNumber: number) =>
  callRoute('campaigns.list', { query: { searchParam: searchParam.trim() || undefined, pageNumber } });

export const campaignsQueryKeys = {
  all: ['campaigns'] as const,
  lists: ['campaigns', 'list'] as const,
  list: (searchParam: string) => ['campaigns', 'list', searchParam] as const,
  one: (id: number) => ['campaigns', 'one', id] as const,
  shipping: (id: number, problems: boolean) => ['campaigns', 'shipping', id, problems] as const,
  shippingOf: (id: number) => ['campaigns', 'shipping', id] as const,
  settings: ['campaigns', 'settings'] as const,
};

/** Pages are appended while hasMore is true (spec section 7). */
export const useCampaigns = (searchParam: string) =>
  useInfiniteQuery({
    queryKey: campaignsQueryKeys.list(searchParam),
    queryFn: ({ pageParam }) => getCampaigns(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
