import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** The public plans a visitor can sign up for. */
export const getPlans = () => callRoute('plans.list-public');

export const plansQueryKey = ['plans', 'public'] as const;

export const usePlans = () => useQuery({ queryKey: plansQueryKey, queryFn: getPlans, staleTime: 5 * 60_000 });
