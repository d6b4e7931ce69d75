import { lazy, Suspense } from 'react';
import { formatNumber } from '../../../lib/format.ts';
import { barsOf } from '../utils/bar-chart.ts';

/** PrimeReact's Chart (with chart.js) loads with the first chart, after the page has painted. */
const Chart = lazy(async () => ({ default: (await import('primereact/chart')).Chart }));

/** The theme's colours, read when the chart draws (light and dark themes set them). */
const themeColor = (name: string, fallback: string): string =>
  (typeof document !== 'undefined' && getComputedStyle(document.documentElement).getPropertyValue(name).trim()) || fallback;

/**
 * A bar chart (PrimeReact's Chart) of labelled values. The canvas is a picture for sighted users; the same
 * figures are listed as text beside it for screen readers and the accessibility checks.
 */
export function BarChart({
  title,
  points,
  empty,
  testId,
  format = (value: number) => formatNumber(value),
}: {
  title: string;
  points: readonly { label: string; value: number }[];
  empty: string;
  testId: string;
  format?: (value: number) => string;
}) {
  const bars = barsOf(points);
  const text = themeColor('--text-color-secondary', '#64748b');
  const grid = themeColor('--surface-border', '#e2e8f0');
  const data = {
    labels: bars.map((b) => b.label),
    datasets: [
      {
        label: title,
        data: bars.map((b) => b.value),
        backgroundColor: themeColor('--primary-color', '#4f46e5'),
        borderRadius: 4,
      },
    ],
  };
  const options = {
    indexAxis: 'y' as const,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (c: { parsed: { x: number } }) => format(c.parsed.x) } },
    },
    scales: {
      x: {
        beginAtZero: true,
        ticks: { color: text, precision: 0, callback: (value: number | string) => format(Number(value)) },
        grid: { color: grid },
      },
      y: { ticks: { color: text }, grid: { display: false } },
    },
  };
  return (
    <figure className="dashboard-chart surface-panel" data-testid={testId}>
      <figcaption className="dashboard-chart__title">{title}</figcaption>
      {bars.length === 0 ? (
        <p className="dashboard-chart__empty">{empty}</p>
      ) : (
        <>
          <div
            className="dashboard-chart__canvas"
            aria-hidden="true"
            style={{ height: `${Math.min(22, 3 + bars.length * 1.75)}rem` }}
          >
            <Suspense fallback={null}>
              <Chart type="bar" data={data} options={options} />
            </Suspense>
          </div>
          <ul className="dashboard-chart__bars sr-only">
            {bars.map((b) => (
              <li key={b.label} className="dashboard-chart__row">
                <span className="dashboard-chart__label">{b.label}</span>{' '}
                <span className="dashboard-chart__value">{format(b.value)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  );
}
