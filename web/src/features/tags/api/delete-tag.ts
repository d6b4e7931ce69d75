import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { tagsQueryKeys } from './get-tags.ts';

/** DELETE /tags/{id}: the tag leaves contacts and tickets shortly after (a server job). */
export const deleteTag = (id: number) => callRoute('tags.delete', { params: { id } });

export const useDeleteTag = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTag, onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsQueryKeys.all }) });
};
