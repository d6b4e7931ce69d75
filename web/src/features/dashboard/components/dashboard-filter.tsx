import { DASHBOARD_MAX_DAYS } from '@switchboard/shared/contracts/dashboard';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { periodProblem, type PeriodFilter } from '../utils/period.ts';

/** One end of the date range: a labelled date input, bounded by the other end when that is set. */
function DateField({
  name,
  label,
  value,
  min,
  max,
  onChange,
}: {
  name: 'from' | 'to';
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <span className="dashboard-filter__field">
      <label htmlFor={`dashboard-${name}`}>{label}</label>
      <InputText
        id={`dashboard-${name}`}
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`dashboard-${name}`}
      />
    </span>
  );
}

/** The collapsible filter panel: the last N days, or a date range. */
export function DashboardFilter({ value, onApply }: { value: PeriodFilter; onApply: (filter: PeriodFilter) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<PeriodFilter['mode']>(value.mode);
  const [days, setDays] = useState(value.mode === 'days' ? value.days : 30);
  const [from, setFrom] = useState(value.mode === 'range' ? value.from : '');
  const [to, setTo] = useState(value.mode === 'range' ? value.to : '');
  const draft: PeriodFilter = mode === 'days' ? { mode, days } : { mode, from, to };
  const problem = periodProblem(draft);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!problem) onApply(draft);
  };
  return (
    <form className="dashboard-filter surface-panel" onSubmit={submit} data-testid="dashboard-filter" id="dashboard-filter">
      <fieldset className="dashboard-filter__modes">
        <legend>{t('dashboard.filter.mode')}</legend>
        {(['days', 'range'] as const).map((m) => (
          <span key={m} className="dashboard-filter__mode">
            <RadioButton
              inputId={`dashboard-mode-${m}`}
              name="dashboard-mode"
              value={m}
              checked={mode === m}
              onChange={() => setMode(m)}
            />
            <label htmlFor={`dashboard-mode-${m}`}>
              {m === 'days' ? t('dashboard.filter.byDays') : t('dashboard.filter.byRange')}
            </label>
          </span>
        ))}
      </fieldset>
      {mode === 'days' ? (
        <span className="dashboard-filter__field">
          <label htmlFor="dashboard-days">{t('dashboard.filter.days')}</label>
          <InputNumber
            inputId="dashboard-days"
            value={days}
            min={1}
            max={DASHBOARD_MAX_DAYS}
            onValueChange={(e) => setDays(e.value ?? 1)}
            data-testid="dashboard-days"
          />
        </span>
      ) : (
        <>
          <DateField name="from" label={t('dashboard.filter.dateFrom')} value={from} max={to} onChange={setFrom} />
          <DateField name="to" label={t('dashboard.filter.dateTo')} value={to} min={from} onChange={setTo} />
        </>
      )}
      <Button
        type="submit"
        icon="pi pi-search"
        label={t('dashboard.filter.apply')}
        disabled={problem !== undefined}
        data-testid="dashboard-apply"
      />
    </form>
  );
}
