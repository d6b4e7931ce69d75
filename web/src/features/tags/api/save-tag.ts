import type { TagBodyInput } from '@switchboard/shared/contracts/tags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { tagsQueryKeys } from './get-tags.ts';

/** POST /tags or PUT /tags/{id} with every field of the dialog. */
export const saveTag = ({ id, body }: { id?: number; body: TagBodyInput }) =>
  id === undefined ? callRoute('tags.create', { body }) : callRoute('tags.update', { params: { id }, body });

export const useSaveTag = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTag, onSettled: () => queryClient.invalidateQueries({ queryKey: tagsQueryKeys.all }) });
};
