import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /flowcampaign: one page (numbered from 1) of the company's phrase campaigns, searched by name prefix. */
export const getFlowCampaigns = (searchParam: string, pageNumber: number) =>
  callRoute('flow-campaigns.list', { query: { searchParam: searchParam.trim() || undefined, pageNumber } });

export const flowCampaignsQueryKeys = {
  all: ['flow-campaigns'] as const,
  list: (searchParam: string) => ['flow-campaigns', 'list', searchParam] as const,
};

export const useFlowCampaigns = (searchParam: string) =>
  useInfiniteQuery({
    queryKey: flowCampaignsQueryKeys.list(searchParam),
    queryFn: ({ pageParam }) => getFlowCampaigns(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
