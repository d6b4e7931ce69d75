export function CounterCard({
  label,
  value,
  icon,
  testId,
}: {
  label: string;
  value: string | number;
  icon: string;
  testId: string;
}) {
  return (
    <div className="dashboard-card surface-panel" data-testid={testId}>
      <i className={`dashboard-card__icon ${icon}`} aria-hidden="true" />
      <div>
        <p className="dashboard-card__label">{label}</p>
        <p className="dashboard-card__value">{value}</p>
      </div>
    </div>
  );
}
