import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { flowsQueryKeys } from './get-flows.ts';

/** POST /flowbuilder (a new flow, with its start node) or PUT /flowbuilder (a new name, on or off). */
export const saveFlow = ({ id, name, active }: { id?: number; name: string; active?: boolean }) =>
  id === undefined
    ? callRoute('flows.create', { body: { name } })
    : callRoute('flows.update', { body: { flowId: id, name, ...(active === undefined ? {} : { active }) } });

export const useSaveFlow = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveFlow, onSettled: () => queryClient.invalidateQueries({ queryKey: flowsQueryKeys.all }) });
};
