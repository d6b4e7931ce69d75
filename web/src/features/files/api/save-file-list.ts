import type { FileList, FileListBodyInput } from '@switchboard/shared/contracts/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { fileListsQueryKeys } from './get-file-lists.ts';

export interface SaveFileListInput {
  id?: number;
  body: FileListBodyInput;
  /** the file chosen for each option, by its place in `body.options` */
  uploads: (File | undefined)[];
}

/**
 * POST /files/{id}/upload: the API records the file on the option and hands out a signed address; the bytes go
 * there directly, as message attachments do.
 */
const upload = async (id: number, optionId: number, file: File): Promise<FileList> => {
  const target = await callRoute('files.upload', {
    params: { id },
    body: { optionId, name: file.name, mimeType: file.type || 'application/octet-stream', size: file.size },
  });
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, { error: 'ERR_INTERNAL' });
  return target.fileList;
};

/** Creates (POST) or updates (PUT) a list, then uploads the chosen files to their options. */
export const saveFileList = async ({ id, body, uploads }: SaveFileListInput): Promise<FileList> => {
  let saved =
    id === undefined ? await callRoute('files.create', { body }) : await callRoute('files.update', { params: { id }, body });
  for (const [i, file] of uploads.entries()) {
    const option = saved.options[i];
    if (file && option) saved = await upload(saved.id, option.id, file);
  }
  return saved;
};

export const useSaveFileList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFileList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileListsQueryKeys.all }),
  });
};
