import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** Quick creation from the contact drawer: the server picks a random colour when none is given. */
export const createTag = (body: { name: string; kanban?: number; color?: string }) =>
  callRoute('tags.create', { body: { kanban: 0, ...body } });

export const useCreateTag = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTag, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tags', 'list'] }) });
};
