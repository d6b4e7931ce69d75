import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { fileListsQueryKeys } from './get-file-lists.ts';

/** DELETE /files/{id}. */
export const deleteFileList = (id: number) => callRoute('files.delete', { params: { id } });

export const useDeleteFileList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFileList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileListsQueryKeys.all }),
  });
};
