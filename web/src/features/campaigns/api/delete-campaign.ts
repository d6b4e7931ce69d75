import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { campaignsQueryKeys } from './get-campaigns.ts';

/** DELETE /campaigns/{id}: refused (ERR_CAMPAIGN_INVALID_STATUS) while the campaign runs. */
export const deleteCampaign = (id: number) => callRoute('campaigns.delete', { params: { id } });

export const useDeleteCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.lists }),
  });
};
