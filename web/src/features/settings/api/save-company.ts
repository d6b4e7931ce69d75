import type { CreateCompanyBody, UpdateCompanyBody } from '@switchboard/shared/contracts/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { platformQueryKeys } from './platform-query-keys.ts';

export type SaveCompanyInput = { id?: undefined; body: CreateCompanyBody } | { id: number; body: UpdateCompanyBody };

/** POST /companies (with the first admin's password) or PUT /companies/{id}. */
export const saveCompany = (input: SaveCompanyInput) =>
  input.id === undefined
    ? callRoute('companies.create', { body: input.body })
    : callRoute('companies.update', { params: { id: input.id }, body: input.body });

export const useSaveCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformQueryKeys.companies }),
  });
};
