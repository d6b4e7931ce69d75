import type { Schedule } from '@switchboard/shared/contracts/schedules';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useCompanySetting } from '../../../lib/company-setting.ts';
import { locales, parseLanguage } from '../../../lib/i18n.ts';
import { wallClockOf } from '../../../lib/zoned-time.ts';
import { agendaDays, dayKey, eventsByDay, monthGrid, shiftMonth } from '../utils/calendar.ts';

export type CalendarView = 'month' | 'agenda';

interface Props {
  schedules: readonly Schedule[];
  view: CalendarView;
  anchor: Date;
  today: Date;
  onAnchor(anchor: Date): void;
  onEdit(schedule: Schedule): void;
  onDelete(schedule: Schedule): void;
}

/**
 * The schedules on a calendar (spec document 3): a month grid or an agenda of the days ahead; each event is the
 * contact's name at its sendAt, with edit and delete icons. Month and weekday names follow the interface language.
 */
export function ScheduleCalendar({ schedules, view, anchor, today, onAnchor, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const locale = locales[parseLanguage(i18n.language) ?? 'pt'];
  const monthLabel = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(anchor);
  const weekdays = monthGrid(anchor)[0]!.map((d) => new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(d));
  // times and days are the company's, as the schedule dialog takes them
  const zone = useCompanySetting('timeZone') ?? '';
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', ...(zone ? { timeZone: zone } : {}) });
  const longDay = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const byDay = eventsByDay(schedules, zone);
  const todayKey = dayKey(wallClockOf(today, zone));

  const event = (s: Schedule) => {
    const name = s.contact?.name ?? String(s.contactId);
    return (
      <div
        key={s.id}
        className={`schedule-event schedule-event--${s.status.toLowerCase()}`}
        title={s.body}
        data-testid={`schedule-event-${s.id}`}
      >
        <span className="schedule-event__time">{time.format(new Date(s.sendAt))}</span>
        <span className="schedule-event__title">{name}</span>
        <span className="schedule-event__actions">
          <Button
            type="button"
            icon="pi pi-pencil"
            text
            rounded
            size="small"
            aria-label={t('schedules.edit', { name })}
            onClick={() => onEdit(s)}
            data-testid={`schedule-edit-${s.id}`}
          />
          <Button
            type="button"
            icon="pi pi-trash"
            text
            rounded
            size="small"
            severity="danger"
            aria-label={t('schedules.delete', { name })}
            onClick={() => onDelete(s)}
            data-testid={`schedule-delete-${s.id}`}
          />
        </span>
      </div>
    );
  };

  const navigation = (
    <div className="schedule-calendar__nav">
      <Button
        type="button"
        icon="pi pi-chevron-left"
        text
        rounded
        aria-label={t('schedules.calendar.previous')}
        onClick={() => onAnchor(shiftMonth(anchor, -1))}
        data-testid="schedules-previous"
      />
      <Button type="button" label={t('schedules.calendar.today')} outlined size="small" onClick={() => onAnchor(today)} />
      <Button
        type="button"
        icon="pi pi-chevron-right"
        text
        rounded
        aria-label={t('schedules.calendar.next')}
        onClick={() => onAnchor(shiftMonth(anchor, 1))}
        data-testid="schedules-next"
      />
      <h2 className="schedule-calendar__label" data-testid="schedules-month">
        {monthLabel}
      </h2>
    </div>
  );

  if (view === 'agenda') {
    const days = agendaDays(schedules, today, zone);
    return (
      <div className="schedule-calendar schedule-calendar--agenda" data-testid="schedules-agenda">
        {days.length === 0 ? <p className="schedule-calendar__empty">{t('schedules.empty')}</p> : null}
        {days.map(({ day, events }) => (
          <section key={day} className="schedule-agenda__day">
            <h3 className="schedule-agenda__date">{longDay.format(new Date(`${day}T12:00:00`))}</h3>
            <div className="schedule-agenda__events">{events.map(event)}</div>
          </section>
        ))}
      </div>
    );
  }

  return (
    <div className="schedule-calendar" data-testid="schedules-calendar">
      {navigation}
      {/* a table of weeks (read by rows and weekday columns); the rows lay their cells into the parent's grid */}
      <div className="schedule-calendar__grid" role="table" aria-label={monthLabel}>
        <div className="schedule-calendar__week" role="row">
          {weekdays.map((w) => (
            <div key={w} className="schedule-calendar__weekday" role="columnheader">
              {w}
            </div>
          ))}
        </div>
        {monthGrid(anchor).map((week) => (
          <div key={dayKey(week[0]!)} className="schedule-calendar__week" role="row">
            {week.map((d) => {
              const key = dayKey(d);
              const outside = d.getMonth() !== anchor.getMonth();
              return (
                <div
                  key={key}
                  role="cell"
                  className={`schedule-calendar__day${outside ? ' schedule-calendar__day--outside' : ''}${key === todayKey ? ' schedule-calendar__day--today' : ''}`}
                  aria-current={key === todayKey ? 'date' : undefined}
                  data-testid={`schedule-day-${key}`}
                >
                  <span className="schedule-calendar__day-number">{d.getDate()}</span>
                  {(byDay.get(key) ?? []).map(event)}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
