import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** The company's plan with its use* feature flags, which decide part of the menu. */
export const getCompanyPlan = (companyId: number) => callRoute('companies.list-plan', { params: { companyId } });

export const companyPlanQueryKey = (companyId: number) => ['companies', companyId, 'plan'] as const;

export const useCompanyPlan = (companyId: number) =>
  useQuery({ queryKey: companyPlanQueryKey(companyId), queryFn: () => getCompanyPlan(companyId), staleTime: 5 * 60_000 });
