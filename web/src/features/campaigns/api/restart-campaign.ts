import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { campaignsQueryKeys } from './get-campaigns.ts';

/** POST /campaigns/{id}/restart: a cancelled campaign runs again (EM_ANDAMENTO) for the contacts not sent yet. */
export const restartCampaign = (id: number) => callRoute('campaigns.restart', { params: { id } });

export const useRestartCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restartCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all }),
  });
};
