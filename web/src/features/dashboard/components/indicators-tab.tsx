import type { DashboardCounters, TicketChartQuery } from '@switchboard/shared/contracts/dashboard';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinutes, formatNumber, formatShortDay } from '../../../lib/format.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useTicketsPerDay, useTicketsPerUser } from '../api/get-ticket-charts.ts';
import { BarChart } from './bar-chart.tsx';
import { CounterCard } from './counter-card.tsx';

const cards: { key: keyof DashboardCounters; icon: string; minutes?: true }[] = [
  { key: 'supportHappening', icon: 'pi pi-comments' },
  { key: 'supportPending', icon: 'pi pi-hourglass' },
  { key: 'supportFinished', icon: 'pi pi-check-circle' },
  { key: 'supportGroups', icon: 'pi pi-users' },
  { key: 'leads', icon: 'pi pi-user-plus' },
  { key: 'tickets', icon: 'pi pi-ticket' },
  { key: 'activeTickets', icon: 'pi pi-arrow-up-right' },
  { key: 'passiveTickets', icon: 'pi pi-arrow-down-left' },
  { key: 'avgWaitTime', icon: 'pi pi-clock', minutes: true },
  { key: 'avgSupportTime', icon: 'pi pi-stopwatch', minutes: true },
];

export function IndicatorsTab({ counters, chartQuery }: { counters: DashboardCounters; chartQuery: TicketChartQuery }) {
  const { t } = useTranslation();
  const toast = useToast();
  const perDay = useTicketsPerDay(chartQuery);
  const perUser = useTicketsPerUser(chartQuery);
  const failed = perDay.isError || perUser.isError;
  useEffect(() => {
    if (failed) toast.errorText(t('dashboard.charts.loadFailed'));
  }, [failed, t, toast]);
  const oneDay = chartQuery.initialDate === chartQuery.finalDate;
  return (
    <>
      <div className="dashboard-cards" data-testid="dashboard-indicators">
        {cards.map(({ key, icon, minutes }) => (
          <CounterCard
            key={key}
            testId={`dashboard-counter-${key}`}
            icon={icon}
            label={t(`dashboard.counters.${key}`)}
            value={minutes ? formatMinutes(counters[key]) : formatNumber(counters[key])}
          />
        ))}
      </div>
      <div className="dashboard-charts">
        <BarChart
          testId="dashboard-chart-day"
          title={`${oneDay ? t('dashboard.charts.perHour') : t('dashboard.charts.perDay')} · ${t('dashboard.charts.total', { count: perDay.data?.count ?? 0 })}`}
          points={(perDay.data?.data ?? []).map((d) => ({
            label: d.horario ? `${d.horario}h` : formatShortDay(d.data ?? ''),
            value: d.total,
          }))}
          empty={t('dashboard.charts.empty')}
        />
        <BarChart
          testId="dashboard-chart-user"
          title={`${t('dashboard.charts.perUser')} · ${t('dashboard.charts.total', { count: perUser.data?.count ?? 0 })}`}
          points={(perUser.data?.data ?? []).map((d) => ({ label: d.nome, value: d.quantidade }))}
          empty={t('dashboard.charts.empty')}
        />
      </div>
    </>
  );
}
