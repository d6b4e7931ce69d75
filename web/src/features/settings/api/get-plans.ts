import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { platformQueryKeys } from './platform-query-keys.ts';

/** GET /plans/all: every plan, public or not (plans tab, company form). */
export const getPlans = () => callRoute('plans.all');

export const usePlans = () => useQuery({ queryKey: platformQueryKeys.plans, queryFn: getPlans });
