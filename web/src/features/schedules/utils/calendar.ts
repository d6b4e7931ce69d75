/**
 * The calendar's days, by pure functions: the weeks of a month grid (Monday first) and the schedules placed on
 * the local day of their sendAt, in time order: the company's day when its zone is given, else the browser's.
 */
import { wallClockOf } from '../../../lib/zoned-time.ts';

export interface CalendarEvent {
  id: number;
  sendAt: string;
}

/** yyyy-mm-dd of a date in the browser's time zone. */
export const dayKey = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Six weeks of seven days covering the month of `anchor`, starting on the Monday on or before its first day. */
export const monthGrid = (anchor: Date): Date[][] => {
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const offset = (first.getDay() + 6) % 7;
  const start = new Date(first.getFullYear(), first.getMonth(), 1 - offset);
  return Array.from({ length: 6 }, (_w, w) =>
    Array.from({ length: 7 }, (_d, d) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + w * 7 + d)),
  );
};

export const shiftMonth = (anchor: Date, months: number): Date => new Date(anchor.getFullYear(), anchor.getMonth() + months, 1);

export const eventsByDay = <E extends CalendarEvent>(events: readonly E[], zone = ''): Map<string, E[]> => {
  const days = new Map<string, E[]>();
  for (const e of [...events].sort((a, b) => a.sendAt.localeCompare(b.sendAt) || a.id - b.id)) {
    const key = dayKey(wallClockOf(new Date(e.sendAt), zone));
    days.set(key, [...(days.get(key) ?? []), e]);
  }
  return days;
};

/** The agenda: days that have schedules, from `from` on, in order. */
export const agendaDays = <E extends CalendarEvent>(
  events: readonly E[],
  from: Date,
  zone = '',
): { day: string; events: E[] }[] => {
  const today = dayKey(wallClockOf(from, zone));
  return [...eventsByDay(events, zone)].filter(([day]) => day >= today).map(([day, list]) => ({ day, events: list }));
};
