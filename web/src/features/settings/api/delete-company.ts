import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { platformQueryKeys } from './platform-query-keys.ts';

/** DELETE /companies/{id}: the company goes at once, its data shortly after (a server job). */
export const deleteCompany = (id: number) => callRoute('companies.delete', { params: { id } });

export const useDeleteCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformQueryKeys.companies }),
  });
};
