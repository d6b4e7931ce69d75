import type { WeeklyHoursDictionary } from './pt.ts';

/** The weekly opening-hours editor's texts, English (see pt.ts). */
export const weeklyHoursEn: WeeklyHoursDictionary = {
  weekday: 'Day',
  startTimeA: 'Start 1',
  endTimeA: 'End 1',
  startTimeB: 'Start 2',
  endTimeB: 'End 2',
  weekdays: {
    monday: 'Monday',
    tuesday: 'Tuesday',
    wednesday: 'Wednesday',
    thursday: 'Thursday',
    friday: 'Friday',
    saturday: 'Saturday',
    sunday: 'Sunday',
  },
  inZone: 'Hours in the {{zone}} time zone',
  issues: {
    format: 'Use the HH:MM format',
    required: 'Give both the start and the end',
    order: 'The end must come after the start',
    overlap: 'The two periods overlap',
    duplicate: 'Day given twice',
  },
};
