import type { Connection } from '@switchboard/shared/contracts/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { connectionsQueryKey } from './get-connections.ts';

/**
 * POST /whatsapp/{id}/media-upload: the API records the greeting's file on the connection and hands out a signed
 * address; the bytes go there directly, as message attachments do.
 */
export const uploadGreetingMedia = async ({ id, file }: { id: number; file: File }): Promise<Connection> => {
  const mimeType = file.type || 'application/octet-stream';
  const target = await callRoute('connections.media-upload', {
    params: { id },
    body: { name: file.name, mimeType, size: file.size },
  });
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, { error: 'ERR_INTERNAL' });
  return target.whatsapp;
};

/** DELETE /whatsapp/{id}/media-upload */
export const removeGreetingMedia = ({ id }: { id: number }): Promise<Connection> =>
  callRoute('connections.media-remove', { params: { id } });

export const useUploadGreetingMedia = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadGreetingMedia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};

export const useRemoveGreetingMedia = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGreetingMedia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
