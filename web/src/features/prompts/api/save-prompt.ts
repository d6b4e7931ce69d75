import type { PromptBody } from '@switchboard/shared/contracts/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { promptsQueryKey } from './get-prompts.ts';

export type PromptInput = Omit<PromptBody, 'voice'> & { voice: PromptBody['voice'] };

/** POST /prompt (a new prompt) or PUT /prompt/{id} (the whole prompt; a masked key sent back keeps the stored one). */
export const savePrompt = ({ id, body }: { id?: number; body: PromptInput }) =>
  id === undefined ? callRoute('prompts.create', { body }) : callRoute('prompts.update', { params: { id }, body });

export const useSavePrompt = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePrompt, onSettled: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }) });
};
