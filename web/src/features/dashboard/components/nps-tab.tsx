import type { DashboardCounters } from '@switchboard/shared/contracts/dashboard';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { BarChart } from './bar-chart.tsx';
import { CounterCard } from './counter-card.tsx';

export function NpsTab({ counters }: { counters: DashboardCounters }) {
  const { t } = useTranslation();
  const pct = (value: number) => formatPercent(value);
  return (
    <>
      <div className="dashboard-cards" data-testid="dashboard-nps">
        <CounterCard
          testId="dashboard-counter-npsScore"
          icon="pi pi-star"
          label={t('dashboard.counters.npsScore')}
          value={formatNumber(counters.npsScore)}
        />
        <CounterCard
          testId="dashboard-counter-npsPromotersPerc"
          icon="pi pi-thumbs-up"
          label={t('dashboard.counters.npsPromotersPerc')}
          value={pct(counters.npsPromotersPerc)}
        />
        <CounterCard
          testId="dashboard-counter-npsPassivePerc"
          icon="pi pi-minus-circle"
          label={t('dashboard.counters.npsPassivePerc')}
          value={pct(counters.npsPassivePerc)}
        />
        <CounterCard
          testId="dashboard-counter-npsDetractorsPerc"
          icon="pi pi-thumbs-down"
          label={t('dashboard.counters.npsDetractorsPerc')}
          value={pct(counters.npsDetractorsPerc)}
        />
        <CounterCard
          testId="dashboard-counter-tickets"
          icon="pi pi-ticket"
          label={t('dashboard.counters.tickets')}
          value={formatNumber(counters.tickets)}
        />
        <CounterCard
          testId="dashboard-counter-waitRating"
          icon="pi pi-hourglass"
          label={t('dashboard.counters.waitRating')}
          value={formatNumber(counters.waitRating)}
        />
        <CounterCard
          testId="dashboard-counter-withoutRating"
          icon="pi pi-times-circle"
          label={t('dashboard.counters.withoutRating')}
          value={formatNumber(counters.withoutRating)}
        />
        <CounterCard
          testId="dashboard-counter-withRating"
          icon="pi pi-check-circle"
          label={t('dashboard.counters.withRating')}
          value={formatNumber(counters.withRating)}
        />
        <CounterCard
          testId="dashboard-counter-percRating"
          icon="pi pi-percentage"
          label={t('dashboard.counters.percRating')}
          value={pct(counters.percRating)}
        />
      </div>
      <div className="dashboard-charts">
        <BarChart
          testId="dashboard-chart-nps"
          title={t('dashboard.tabs.nps')}
          points={[
            { label: t('dashboard.counters.npsPromotersPerc'), value: counters.npsPromotersPerc },
            { label: t('dashboard.counters.npsPassivePerc'), value: counters.npsPassivePerc },
            { label: t('dashboard.counters.npsDetractorsPerc'), value: counters.npsDetractorsPerc },
          ]}
          empty={t('dashboard.charts.empty')}
          format={pct}
        />
      </div>
    </>
  );
}
