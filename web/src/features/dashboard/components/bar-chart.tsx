import { barsOf } from '../utils/bar-chart.ts';

/**
 * A horizontal bar chart drawn with CSS: each bar's label and value are text, so screen readers and the
 * accessibility checks read the figures the bars show.
 */
export function BarChart({
  title,
  points,
  empty,
  testId,
  format = String,
}: {
  title: string;
  points: readonly { label: string; value: number }[];
  empty: string;
  testId: string;
  format?: (value: number) => string;
}) {
  const bars = barsOf(points);
  return (
    <figure className="dashboard-chart surface-panel" data-testid={testId}>
      <figcaption className="dashboard-chart__title">{title}</figcaption>
      {bars.length === 0 ? (
        <p className="dashboard-chart__empty">{empty}</p>
      ) : (
        <ul className="dashboard-chart__bars">
          {bars.map((b) => (
            <li key={b.label} className="dashboard-chart__row">
              <span className="dashboard-chart__label">{b.label}</span>
              <span className="dashboard-chart__track" aria-hidden="true">
                <span className="dashboard-chart__bar" style={{ width: `${b.percent > 0 ? Math.max(b.percent, 1) : 0}%` }} />
              </span>
              <span className="dashboard-chart__value">{format(b.value)}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
