import type { DashboardCounters } from '@switchboard/shared/contracts/dashboard';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { BarChart } from './bar-chart.tsx';
import { CounterCard } from './counter-card.tsx';

const cards: { key: keyof DashboardCounters; icon: string; percent?: true }[] = [
  { key: 'npsScore', icon: 'pi pi-star' },
  { key: 'npsPromotersPerc', icon: 'pi pi-thumbs-up', percent: true },
  { key: 'npsPassivePerc', icon: 'pi pi-minus-circle', percent: true },
  { key: 'npsDetractorsPerc', icon: 'pi pi-thumbs-down', percent: true },
  { key: 'tickets', icon: 'pi pi-ticket' },
  { key: 'waitRating', icon: 'pi pi-hourglass' },
  { key: 'withoutRating', icon: 'pi pi-times-circle' },
  { key: 'withRating', icon: 'pi pi-check-circle' },
  { key: 'percRating', icon: 'pi pi-percentage', percent: true },
];

const chartKeys = ['npsPromotersPerc', 'npsPassivePerc', 'npsDetractorsPerc'] as const;

export function NpsTab({ counters }: { counters: DashboardCounters }) {
  const { t } = useTranslation();
  const pct = (value: number) => formatPercent(value);
  return (
    <>
      <div className="dashboard-cards" data-testid="dashboard-nps">
        {cards.map(({ key, icon, percent }) => (
          <CounterCard
            key={key}
            testId={`dashboard-counter-${key}`}
            icon={icon}
            label={t(`dashboard.counters.${key}`)}
            value={percent ? pct(counters[key]) : formatNumber(counters[key])}
          />
        ))}
      </div>
      <div className="dashboard-charts">
        <BarChart
          testId="dashboard-chart-nps"
          title={t('dashboard.tabs.nps')}
          points={chartKeys.map((key) => ({ label: t(`dashboard.counters.${key}`), value: counters[key] }))}
          empty={t('dashboard.charts.empty')}
          format={pct}
        />
      </div>
    </>
  );
}
