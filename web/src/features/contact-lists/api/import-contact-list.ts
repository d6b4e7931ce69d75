import { mimeTypeOfName } from '@switchboard/shared/media-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { contactListsQueryKeys } from './get-contact-lists.ts';

/**
 * The import: POST /contact-lists/{id}/upload answers a signed address, the file goes there, then
 * POST /contact-lists/{id}/imports/{importId} queues the import, which the server runs in the background.
 */
export const importContactList = async ({ contactListId, file }: { contactListId: number; file: File }) => {
  const mimeType = mimeTypeOfName(file.name) ?? file.type;
  const target = await callRoute('contact-lists.upload', {
    params: { id: contactListId },
    body: { name: file.name, mimeType, size: file.size },
  });
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, { error: 'ERR_INTERNAL' });
  return callRoute('contact-lists.import-start', { params: { id: contactListId, importId: target.import.id } });
};

export const useImportContactList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importContactList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.all }),
  });
};
