import type { HelpBody } from '@switchboard/shared/contracts/helps';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { helpsQueryKeys } from '../../../lib/helps-api.ts';

/** POST /helps or PUT /helps/{id}. */
export const saveHelp = ({ id, body }: { id?: number; body: HelpBody }) =>
  id === undefined ? callRoute('helps.create', { body }) : callRoute('helps.update', { params: { id }, body });

/** DELETE /helps/{id}. */
export const deleteHelp = (id: number) => callRoute('helps.delete', { params: { id } });

export const useSaveHelp = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveHelp, onSettled: () => queryClient.invalidateQueries({ queryKey: helpsQueryKeys.all }) });
};

export const useDeleteHelp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHelp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpsQueryKeys.all }),
  });
};
