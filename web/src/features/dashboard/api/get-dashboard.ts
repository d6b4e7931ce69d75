import type { DashboardQuery } from '@switchboard/shared/contracts/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /dashboard: the period's counters and a row per attendant. */
export const getDashboard = (query: DashboardQuery) => callRoute('dashboard.show', { query });

export const dashboardQueryKeys = {
  all: ['dashboard'] as const,
  show: (query: DashboardQuery) => ['dashboard', 'show', query] as const,
};

export const useDashboard = (query: DashboardQuery) =>
  useQuery({ queryKey: dashboardQueryKeys.show(query), queryFn: () => getDashboard(query), placeholderData: keepPreviousData });
