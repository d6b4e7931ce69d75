import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { campaignsQueryKeys } from './get-campaigns.ts';

/** GET /campaigns/{id}/shipping: the report's rows, 50 at a time from the cursor; `problems` keeps the failed and skipped. */
export const getCampaignShipping = (id: number, problems: boolean, cursor: string | undefined) =>
  callRoute('campaigns.shipping', { params: { id }, query: { cursor, problems: problems ? 'true' : undefined } });

export const useCampaignShipping = (id: number, problems: boolean) =>
  useInfiniteQuery({
    queryKey: campaignsQueryKeys.shipping(id, problems),
    queryFn: ({ pageParam }) => getCampaignShipping(id, problems, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    enabled: Number.isInteger(id) && id > 0,
  });
