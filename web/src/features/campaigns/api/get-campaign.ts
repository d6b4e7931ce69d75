import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { campaignsQueryKeys } from './get-campaigns.ts';

/** GET /campaigns/{id}: the campaign with its counts (and its first shipping rows, which the report pages itself). */
export const getCampaign = (id: number) => callRoute('campaigns.show', { params: { id } });

export const useCampaign = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: campaignsQueryKeys.one(id),
    queryFn: () => getCampaign(id),
    enabled: enabled && Number.isInteger(id) && id > 0,
    retry: false,
  });
