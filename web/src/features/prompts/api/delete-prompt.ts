import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { promptsQueryKey } from './get-prompts.ts';

/** DELETE /prompt/{id}: answers a message; the connections that used it lose it. */
export const deletePrompt = (id: number) => callRoute('prompts.delete', { params: { id } });

export const useDeletePrompt = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrompt,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: promptsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['connections'] }),
      ]),
  });
};
