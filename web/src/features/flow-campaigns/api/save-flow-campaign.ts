import type { FlowCampaignBody } from '@switchboard/shared/contracts/flow-campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { flowCampaignsQueryKeys } from './get-flow-campaigns.ts';

/** POST /flowcampaign (a new campaign) or PUT /flowcampaign (every field anew, with its id). */
export const saveFlowCampaign = ({ id, body }: { id?: number; body: FlowCampaignBody }) =>
  id === undefined ? callRoute('flow-campaigns.create', { body }) : callRoute('flow-campaigns.update', { body: { id, ...body } });

export const useSaveFlowCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFlowCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: flowCampaignsQueryKeys.all }),
  });
};
