import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { platformQueryKeys } from './platform-query-keys.ts';

/** DELETE /plans/{id}: refused (ERR_PLAN_IN_USE) while companies are on the plan. */
export const deletePlan = (id: number) => callRoute('plans.delete', { params: { id } });

export const useDeletePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformQueryKeys.plans }),
  });
};
