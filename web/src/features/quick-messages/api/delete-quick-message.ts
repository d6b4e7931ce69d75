import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { quickMessagesQueryKeys } from './get-quick-messages.ts';

/** DELETE /quick-messages/{id}: the API refuses another user's unshared reply. */
export const deleteQuickMessage = (id: number) => callRoute('quick-messages.delete', { params: { id } });

export const useDeleteQuickMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuickMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickMessagesQueryKeys.all }),
  });
};
