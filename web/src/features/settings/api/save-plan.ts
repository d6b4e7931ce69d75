import type { PlanBody } from '@switchboard/shared/contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { platformQueryKeys } from './platform-query-keys.ts';

/** POST /plans or PUT /plans/{id} with every flag and limit. */
export const savePlan = ({ id, body }: { id?: number; body: PlanBody }) =>
  id === undefined ? callRoute('plans.create', { body }) : callRoute('plans.update', { params: { id }, body });

export const useSavePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformQueryKeys.plans }),
  });
};
