import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { campaignsQueryKeys } from './get-campaigns.ts';

/** POST /campaigns/{id}/cancel: a running (or scheduled) campaign becomes CANCELADA. */
export const cancelCampaign = (id: number) => callRoute('campaigns.cancel', { params: { id } });

export const useCancelCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all }),
  });
};
