/**
 * The dashboard's filter (spec document 2 "Dashboard"): the last N days, or a date range; by default the first day
 * of the month to today (section 9).
 */
import type { DashboardQuery, TicketChartQuery } from '@switchboard/shared/contracts/dashboard';
import { DASHBOARD_MAX_DAYS } from '@switchboard/shared/contracts/dashboard';

export type PeriodFilter = { mode: 'days'; days: number } | { mode: 'range'; from: string; to: string };

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar day as YYYY-MM-DD. */
export const isoDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export const defaultPeriod = (today: Date): PeriodFilter => ({
  mode: 'range',
  from: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)),
  to: isoDay(today),
});

/** The first and last day a filter covers, counted back from today for the days mode. */
export const periodDays = (filter: PeriodFilter, today: Date): { from: string; to: string } =>
  filter.mode === 'range'
    ? { from: filter.from, to: filter.to }
    : { from: isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - (filter.days - 1))), to: isoDay(today) };

export const dashboardQueryOf = (filter: PeriodFilter): DashboardQuery =>
  filter.mode === 'days' ? { days: filter.days } : { date_from: filter.from, date_to: filter.to };

export const chartQueryOf = (filter: PeriodFilter, today: Date): TicketChartQuery => {
  const { from, to } = periodDays(filter, today);
  return { initialDate: from, finalDate: to };
};

/** Why a filter cannot be applied, or undefined when it can. */
export const periodProblem = (filter: PeriodFilter): 'days' | 'order' | 'length' | undefined => {
  if (filter.mode === 'days')
    return Number.isInteger(filter.days) && filter.days >= 1 && filter.days <= DASHBOARD_MAX_DAYS ? undefined : 'days';
  if (!filter.from || !filter.to || filter.from > filter.to) return 'order';
  const days = (Date.parse(`${filter.to}T00:00:00Z`) - Date.parse(`${filter.from}T00:00:00Z`)) / 86_400_000 + 1;
  return days > DASHBOARD_MAX_DAYS ? 'length' : undefined;
};
