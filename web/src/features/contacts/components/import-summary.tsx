import { useTranslation } from 'react-i18next';
import { importReasonKey } from '../utils/field-messages.ts';
import type { FailureReason, ImportSummary as Summary } from '../utils/import-run.ts';

/** "N created, N already existed, N failed", then each failed row with the server's reasons. */
export function ImportSummary({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const reason = (r: FailureReason) => {
    const text = t(importReasonKey(r.message), { defaultValue: r.message });
    return r.field ? `${t(`contacts.fields.${r.field}`, { defaultValue: r.field })}: ${text}` : text;
  };
  return (
    <div className="import-summary" data-testid="import-summary">
      <ul className="import-summary__counts">
        <li className="import-summary__count import-summary__count--created">
          <i className="pi pi-check-circle" aria-hidden="true" />
          <strong data-testid="import-created">{summary.created}</strong>{' '}
          {t('contacts.import.created', { count: summary.created })}
        </li>
        <li className="import-summary__count import-summary__count--existing">
          <i className="pi pi-minus-circle" aria-hidden="true" />
          <strong data-testid="import-existing">{summary.existing}</strong>{' '}
          {t('contacts.import.existing', { count: summary.existing })}
        </li>
        <li className="import-summary__count import-summary__count--failed">
          <i className="pi pi-times-circle" aria-hidden="true" />
          <strong data-testid="import-failed">{summary.failed.length}</strong>{' '}
          {t('contacts.import.failed', { count: summary.failed.length })}
        </li>
      </ul>
      {summary.stopped ? <p className="import-summary__note">{t('contacts.import.stopped')}</p> : null}
      {summary.failed.length > 0 ? (
        <div className="import-summary__failures">
          <h3>{t('contacts.import.failuresTitle')}</h3>
          <ul>
            {summary.failed.map(({ row, reasons }) => (
              <li key={row.line} data-testid="import-failure">
                <span className="import-summary__row">
                  {t('contacts.import.line', { line: row.line })} · {row.name || '—'} · {row.number || '—'}
                </span>
                <span className="import-summary__reasons">{reasons.map(reason).join('; ')}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
