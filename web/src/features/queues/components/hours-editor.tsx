import type { ScheduleEntry } from '@switchboard/shared/contracts/queues';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';

const fields = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;

/** The weekly service hours: two intervals (A and B) per weekday, as HH:MM. */
export function HoursEditor({ schedules, onChange }: { schedules: ScheduleEntry[]; onChange: (next: ScheduleEntry[]) => void }) {
  const { t } = useTranslation();
  return (
    <table className="queue-hours" data-testid="queue-hours">
      <caption className="sr-only">{t('queues.dialog.hoursCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('queues.dialog.weekday')}</th>
          {fields.map((f) => (
            <th scope="col" key={f}>
              {t(`queues.dialog.${f}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {schedules.map((entry, i) => (
          <tr key={entry.weekdayEn}>
            <th scope="row">{t(`queues.weekdays.${entry.weekdayEn}`)}</th>
            {fields.map((f) => (
              <td key={f}>
                <InputText
                  type="time"
                  aria-label={`${t(`queues.weekdays.${entry.weekdayEn}`)} ${t(`queues.dialog.${f}`)}`}
                  value={entry[f]}
                  onChange={(e) => onChange(schedules.map((s, j) => (j === i ? { ...s, [f]: e.target.value } : s)))}
                  data-testid={`queue-hours-${entry.weekdayEn}-${f}`}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
