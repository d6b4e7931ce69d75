import type { PlanFlag } from '@switchboard/shared/contracts/plans';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';
import { useCurrentUser } from './session.tsx';

/**
 * Whether the company's plan has a feature: undefined while the plan loads. Shares its cache entry with the
 * menu's plan query, so pages and actions gated by a plan flag cost no extra request.
 */
export const usePlanFlag = (flag: PlanFlag): boolean | undefined => {
  const user = useCurrentUser();
  const plan = useQuery({
    queryKey: ['companies', user.companyId, 'plan'] as const,
    queryFn: () => callRoute('companies.list-plan', { params: { companyId: user.companyId } }),
    staleTime: 5 * 60_000,
  });
  return plan.data ? plan.data.plan[flag] === true : undefined;
};
