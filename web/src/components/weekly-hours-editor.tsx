import type { WeekEntry, WeekIssue } from '@switchboard/shared/weekly-hours';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { useCompanySetting } from '../lib/company-setting.ts';
import './weekly-hours-editor.css';

const fields = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;

/**
 * Weekly opening hours: two periods (A and B) per weekday, as HH:MM. Shared by the queues' service hours and the
 * company's schedules; `issues` (from weekIssues) mark the times to fix. `testId` prefixes the inputs' test ids.
 * The times are the company's local ones, so the zone they are in is named above them.
 */
export function WeeklyHoursEditor<T extends WeekEntry>({
  schedules,
  onChange,
  caption,
  testId,
  issues = [],
}: {
  schedules: T[];
  onChange: (next: T[]) => void;
  caption: string;
  testId: string;
  issues?: readonly WeekIssue[];
}) {
  const { t } = useTranslation();
  const zone = useCompanySetting('timeZone');
  const inZone = zone ? t('weeklyHours.inZone', { zone }) : '';
  const issueAt = (index: number, field: string) => issues.find((i) => i.index === index && i.field === field);
  return (
    <>
      {inZone ? (
        <p className="weekly-hours__zone" data-testid={`${testId}-zone`}>
          <i className="pi pi-clock" aria-hidden="true" /> {inZone}
        </p>
      ) : null}
      <table className="weekly-hours" data-testid={testId}>
        <caption className="sr-only">{inZone ? `${caption} (${inZone})` : caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('weeklyHours.weekday')}</th>
            {fields.map((f) => (
              <th scope="col" key={f}>
                {t(`weeklyHours.${f}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {schedules.map((entry, i) => (
            <tr key={entry.weekdayEn}>
              <th scope="row">{t(`weeklyHours.weekdays.${entry.weekdayEn}`)}</th>
              {fields.map((f) => {
                const issue = issueAt(i, f);
                const id = `${testId}-${entry.weekdayEn}-${f}`;
                return (
                  <td key={f}>
                    <InputText
                      type="time"
                      id={id}
                      aria-label={`${t(`weeklyHours.weekdays.${entry.weekdayEn}`)} ${t(`weeklyHours.${f}`)}`}
                      aria-invalid={issue ? true : undefined}
                      aria-describedby={issue ? `${id}-error` : undefined}
                      invalid={Boolean(issue)}
                      value={entry[f]}
                      onChange={(e) => onChange(schedules.map((s, j) => (j === i ? { ...s, [f]: e.target.value } : s)))}
                      data-testid={id}
                    />
                    {issue ? (
                      <small id={`${id}-error`} className="form-field__error weekly-hours__error">
                        {t(`weeklyHours.issues.${issue.code}`)}
                      </small>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
