import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { flowsQueryKeys } from './get-flows.ts';

/** POST /flowbuilder/duplicate: a copy named "<name> - copy" with the same graph. */
export const duplicateFlow = (flowId: number) => callRoute('flows.duplicate', { body: { flowId } });

export const useDuplicateFlow = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateFlow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: flowsQueryKeys.all }),
  });
};
