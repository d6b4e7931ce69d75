/**
 * Weekly opening hours (spec document 2 section 3 "Schedule entry", section 9 default hours; server reference 2.4):
 * two periods a day, A and B, as HH:MM. The company, its queues and its connections keep them in the same shape.
 * No zod: the web editors check a week with the same rules the API applies.
 */

export const weekdayNames = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekdayName = (typeof weekdayNames)[number];

export interface WeekEntry {
  weekday: string;
  weekdayEn: WeekdayName;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

/** The Portuguese label the reference stores in `weekday`, beside the English key the rules read. */
const weekdayLabels: Record<WeekdayName, string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

/** Spec document 2 section 9: "Default opening hours for every day: 08:00-12:00 and 13:00-18:00". */
export const DEFAULT_HOURS = { startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' } as const;

export const defaultWeek = (): WeekEntry[] =>
  weekdayNames.map((weekdayEn) => ({ weekday: weekdayLabels[weekdayEn], weekdayEn, ...DEFAULT_HOURS }));

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export type WeekIssueCode = 'format' | 'required' | 'order' | 'overlap' | 'duplicate';
export interface WeekIssue {
  /** index of the entry in the week */
  index: number;
  field: keyof WeekEntry;
  code: WeekIssueCode;
}

/**
 * What is wrong with a week: a time not HH:MM, a period with only one end, a period that does not start before it
 * ends, periods A and B overlapping, or a weekday given twice.
 */
export const weekIssues = (week: readonly WeekEntry[]): WeekIssue[] => {
  const issues: WeekIssue[] = [];
  const seen = new Set<string>();
  week.forEach((entry, index) => {
    if (seen.has(entry.weekdayEn)) issues.push({ index, field: 'weekdayEn', code: 'duplicate' });
    seen.add(entry.weekdayEn);
    let periodsValid = true;
    for (const [start, end] of [
      ['startTimeA', 'endTimeA'],
      ['startTimeB', 'endTimeB'],
    ] as const) {
      const from = entry[start];
      const to = entry[end];
      if (from && !TIME_PATTERN.test(from)) issues.push({ index, field: start, code: 'format' });
      if (to && !TIME_PATTERN.test(to)) issues.push({ index, field: end, code: 'format' });
      if ((from && !TIME_PATTERN.test(from)) || (to && !TIME_PATTERN.test(to))) {
        periodsValid = false;
        continue;
      }
      if (!from !== !to) {
        issues.push({ index, field: from ? end : start, code: 'required' });
        periodsValid = false;
      } else if (from && from >= to) {
        issues.push({ index, field: end, code: 'order' });
        periodsValid = false;
      }
    }
    // HH:MM strings compare as times
    const overlap = entry.startTimeB < entry.endTimeA && entry.startTimeA < entry.endTimeB;
    if (periodsValid && entry.startTimeA && entry.startTimeB && overlap) {
      issues.push({ index, field: 'startTimeB', code: 'overlap' });
    }
  });
  return issues;
};

const minutesOf = (hhmm: string): number => {
  if (!hhmm) return 0;
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** The weekday ('monday' ...) and minute of the day of an instant in a time zone. */
export const localTime = (at: Date, timeZone: string): { weekday: string; minute: number } => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday').toLowerCase(), minute: Number(part('hour')) * 60 + Number(part('minute')) };
};

/**
 * Server reference 2.4: outside hours when today's row exists and now is within neither period A nor B (an empty
 * time reads 00:00). No row for today means not out of hours.
 */
export const isOutOfHours = (
  schedules: readonly (Omit<WeekEntry, 'weekdayEn'> & { weekdayEn: string })[],
  at: Date,
  timeZone: string,
): boolean => {
  const { weekday, minute } = localTime(at, timeZone);
  const today = schedules.find((s) => s.weekdayEn === weekday);
  if (!today) return false;
  const within = (start: string, end: string) => minute >= minutesOf(start) && minute < minutesOf(end);
  return !(within(today.startTimeA, today.endTimeA) || within(today.startTimeB, today.endTimeB));
};

/** Whether a day (YYYY-MM-DD, in the company's time zone) falls within a collective vacation's start and end days. */
export const withinVacation = (start: string | null | undefined, end: string | null | undefined, day: string): boolean =>
  Boolean(start && end && start.slice(0, 10) <= day && day <= end.slice(0, 10));

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export const localDay = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
