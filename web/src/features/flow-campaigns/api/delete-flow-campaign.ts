import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { flowCampaignsQueryKeys } from './get-flow-campaigns.ts';

/** DELETE /flowcampaign/{id} */
export const deleteFlowCampaign = (id: number) => callRoute('flow-campaigns.delete', { params: { id } });

export const useDeleteFlowCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlowCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: flowCampaignsQueryKeys.all }),
  });
};
