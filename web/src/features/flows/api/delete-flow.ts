import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { flowsQueryKeys } from './get-flows.ts';

/** DELETE /flowbuilder/{id} */
export const deleteFlow = (id: number) => callRoute('flows.delete', { params: { id } });

export const useDeleteFlow = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: flowsQueryKeys.all }),
  });
};
