import type { CreateQuickMessageBody, QuickMessage } from '@switchboard/shared/contracts/quick-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { quickMessagesQueryKeys } from './get-quick-messages.ts';

export type MediaChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'upload'; file: File };

export interface SaveQuickMessageInput {
  id?: number;
  body: CreateQuickMessageBody;
  media: MediaChange;
}

/**
 * POST /quick-messages/{id}/media-upload: the API records the file on the reply and hands out a signed address;
 * the bytes go there directly, as message attachments do.
 */
export const uploadQuickMessageMedia = async (id: number, file: File): Promise<QuickMessage> => {
  const mimeType = file.type || 'application/octet-stream';
  const target = await callRoute('quick-messages.media-upload', {
    params: { id },
    body: { name: file.name, mimeType, size: file.size },
  });
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, { error: 'ERR_INTERNAL' });
  return target.quickMessage;
};

/** Creates (POST) or updates (PUT) a reply, then applies the attachment change. */
export const saveQuickMessage = async ({ id, body, media }: SaveQuickMessageInput): Promise<QuickMessage> => {
  let saved =
    id === undefined
      ? await callRoute('quick-messages.create', { body })
      : await callRoute('quick-messages.update', { params: { id }, body });
  if (media.kind === 'upload') saved = await uploadQuickMessageMedia(saved.id, media.file);
  if (media.kind === 'remove' && saved.isMedia)
    saved = await callRoute('quick-messages.media-remove', { params: { id: saved.id } });
  return saved;
};

export const useSaveQuickMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuickMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickMessagesQueryKeys.all }),
  });
};
