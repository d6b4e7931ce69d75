/**
 * When a recurring scheduled message runs next (server reference section 7): the last send time plus
 * valorIntervalo units of intervalo (1 days, 2 weeks, 3 months of 30 days, 4 minutes), then moved by the
 * working-day rule tipoDias: 4 sends on any day, 5 moves a non-working day back to the working day before,
 * 6 forward to the working day after. The time of day is kept in the company's time zone.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMinutes, addWeeks, isWeekend } from 'date-fns';

export type WorkingDayTest = (day: Date) => boolean;

/** Companies have no business-hours calendar of their own yet: Saturday and Sunday are the non-working days. */
export const weekdaysOnly: WorkingDayTest = (day) => !isWeekend(day);

export interface Recurrence {
  intervalo: number;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: number;
}

/** Whether another run follows the one that just made `sentCount` sends. */
export const hasNextRun = (r: Recurrence, sentCount: number): boolean => r.valorIntervalo > 0 && sentCount < r.enviarQuantasVezes;

const DAYS_IN_MONTH = 30;

/** Moves a day by the working-day rule: back (5) or forward (6) to the nearest working day; 4 leaves it. */
export const applyWorkingDayRule = (
  at: Date,
  tipoDias: number,
  timeZone: string,
  isWorkingDay: WorkingDayTest = weekdaysOnly,
): Date => {
  if (tipoDias !== 5 && tipoDias !== 6) return at;
  const step = tipoDias === 5 ? -1 : 1;
  let day = new TZDate(at.getTime(), timeZone);
  // a calendar with no working day at all would loop forever: give up after two weeks
  for (let i = 0; i < 14 && !isWorkingDay(day); i++) day = addDays(day, step);
  return new Date(day.getTime());
};

export const nextSendAt = (last: Date, r: Recurrence, timeZone: string, isWorkingDay: WorkingDayTest = weekdaysOnly): Date => {
  const local = new TZDate(last.getTime(), timeZone);
  const n = r.valorIntervalo;
  const moved =
    r.intervalo === 4
      ? addMinutes(local, n)
      : r.intervalo === 2
        ? addWeeks(local, n)
        : r.intervalo === 3
          ? addDays(local, n * DAYS_IN_MONTH)
          : addDays(local, n);
  return applyWorkingDayRule(new Date(moved.getTime()), r.tipoDias, timeZone, isWorkingDay);
};
